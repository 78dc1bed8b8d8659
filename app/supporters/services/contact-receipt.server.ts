import { nodeEnvIs } from "~/infra/env.server";
import { createCookie, type Cookie } from "@remix-run/node";
import { getSessionSecrets } from "~/infra/session-secret.server";
import type { ContactChannel } from "~/content/contact";

/**
 * The confirmation page after a contact message (/contact/sent) shows the visitor's address and
 * their prefilled e-mail draft, so only the browser that sent it may see it: the enquiry's id
 * travels in a signed, httpOnly cookie scoped to /contact that lasts an hour, never in the URL.
 */
export const CONTACT_SENT_PATH = "/contact/sent";
const RECEIPT_SECONDS = 60 * 60;

let cookie: Cookie | undefined;
function receiptCookie(): Cookie {
  cookie ??= createCookie("contact_sent", {
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnvIs("production"),
    path: "/contact",
    secrets: getSessionSecrets(),
    maxAge: RECEIPT_SECONDS,
  });
  return cookie;
}

export interface ContactReceipt {
  enquiryId: number;
  channel: ContactChannel;
}

export function receiptCookieHeader(receipt: ContactReceipt): Promise<string> {
  return receiptCookie().serialize(receipt);
}

/** The receipt in the request's cookie when its signature checks out, otherwise null. */
export async function readReceipt(request: Request): Promise<ContactReceipt | null> {
  try {
    const value = (await receiptCookie().parse(request.headers.get("Cookie"))) as Partial<ContactReceipt> | null;
    if (!value || !Number.isSafeInteger(value.enquiryId)) return null;
    return { enquiryId: value.enquiryId!, channel: value.channel === "whatsapp" ? "whatsapp" : "email" };
  } catch {
    return null;
  }
}
