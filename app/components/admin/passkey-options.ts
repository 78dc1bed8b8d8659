// The first half of a passkey ceremony in the browser, loaded by PasskeyButton when it is pressed.

/** What a route's action answers to `intent=passkey-options`: the options, or why not. */
export type PasskeyOptionsReply = { passkeyOptions: { challenge: string } } | { passkeyError: string };

/** Asks the route's action for a ceremony's options, as Remix's own data requests do (`_data`). */
export async function fetchOptions(
  actionUrl: string,
  routeId: string,
  fields: Record<string, string>,
): Promise<PasskeyOptionsReply> {
  const url = new URL(actionUrl, window.location.href);
  url.searchParams.set("_data", routeId);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("intent", "passkey-options");
  const response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return { passkeyError: "Please reload the page and try again." };
  return (await response.json()) as PasskeyOptionsReply;
}
