import { data } from "react-router";
import { databaseContext } from "~/context";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import { customerPhoto } from "~/services/findings.server";
import type { Route } from "./+types/photo";
import { privatePage } from "./private-page.server";

export const middleware: Route.MiddlewareFunction[] = [privatePage];

/**
 * A photo of a finding the personal link shows (issue 30): only to the link's holder while the link
 * works, never cached (privatePage: no-store, no-referrer), never sniffed; else 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = await customerPhoto(context.get(databaseContext), params.token, params.photoId, {
    now: new Date(),
    config: await selfServiceConfig(context.get(databaseContext)),
  });
  if (!photo) throw data(null, { status: 404 });
  return new Response(Buffer.from(photo.bytes), {
    headers: { "Content-Type": photo.contentType, "X-Content-Type-Options": "nosniff", "Content-Length": String(photo.bytes.byteLength) },
  });
}
