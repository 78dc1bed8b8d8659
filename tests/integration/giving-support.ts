// Your giving in integration tests: a donor signed in through the e-mailed link, as a cookie.
import { getDb } from "~/infra/db.server";
import * as linkRoute from "~/routes/_public+/giving.link.$token";
import { requestDonorLink } from "~/supporters/services/donor-sign-in.server";
import { takeFlash } from "~/site/services/flash.server";
import { postForm, run } from "./admin-support";

/** Asks for a link for `email` (a donor's), opens the newest one e-mailed and returns the donor cookie. */
export async function signInDonor(email: string): Promise<string> {
  await requestDonorLink(email, postForm("/giving", {}), { minMs: 0 });
  const mail = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("kind", "=", "donor-giving-link")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const path = /(\/giving\/link\/[A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
  // Opening the link shows a button; its POST signs in.
  const response = await run(linkRoute.action, postForm(path, {}), { token: path.split("/").pop()! });
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}

/** Where a donor action's 303 goes and the notice their account then shows once. */
export async function givingNoticeOf(response: Response): Promise<{ location: string | null; notice: string | null }> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  const { message } = await takeFlash(
    new Request("http://localhost/giving", { headers: { Cookie: cookie } }),
    "giving",
  );
  return { location: response.headers.get("Location"), notice: message };
}
