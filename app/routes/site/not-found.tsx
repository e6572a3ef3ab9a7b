import { data } from "react-router";
import { NotFound } from "~/root";

/** Any unknown path: the layout's error boundary shows the not-found page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
