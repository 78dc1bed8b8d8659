import type { LoaderFunctionArgs } from "@remix-run/node";
import { codeFromTicketToken, ticketQrPng } from "~/events/index.server";
import { invariantResponse } from "~/utils/http";

// /events/ticket/{token}.png: a ticket's QR code, as the ticket e-mail shows it. The token is
// signed and names only the ticket's random code (no personal data); a token that is not ours
// gets a 404, so this makes no QR code of anything else.
export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  invariantResponse(codeFromTicketToken(token), "Not Found");
  const png = await ticketQrPng(token);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "private, max-age=86400",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
