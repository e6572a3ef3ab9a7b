import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { ErrorScreen } from "~/root";

export default function SiteLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
