import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseFormBody } from "~/infra/body.server";
import { newsletterPaths, unsubscribe } from "~/publishing/index.server";
import { refusal } from "~/utils/http";

// The URL in every newsletter message's List-Unsubscribe header (RFC 8058 one-click). A mail
// program POSTs "List-Unsubscribe=One-Click" here, without cookies and from its own origin,
// and the address is unsubscribed at once. A resource route with a plain-text answer, which
// is all a mail program reads; the token in the URL is what authorises it, whatever the
// Origin (docs/decisions/0016-cross-site-posts-refused.md). A GET (a program that only opens links) goes to
// the unsubscribe page with its button.

const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
const MAX_BODY_BYTES = 4 * 1024;

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(newsletterPaths.unsubscribe(params.token ?? ""), 303);
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The body says nothing the token does not; an unreadable one must not block the unsubscribe.
  await parseFormBody(request, MAX_BODY_BYTES).catch(() => null);
  const result = await unsubscribe(params.token ?? "", "one-click");
  return result.ok
    ? new Response("You are unsubscribed.\n", { status: 200, headers: HEADERS })
    : refusal(404, "This unsubscribe link does not match anyone on our list.\n", HEADERS);
}
