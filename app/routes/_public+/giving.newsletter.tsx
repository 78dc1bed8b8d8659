import type { ActionFunctionArgs } from "@remix-run/node";
import {
  donorAction,
  GIVING_HEADERS,
  redirect,
  savedRedirect,
  setDonorNewsletter,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";

// The newsletter switch of Your giving: "on" or "off", posted from /giving/account (the words
// shown beside it are the ones recorded). GET has nothing to show: back to the account page.

export async function loader() {
  return redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
}

export async function action({ request }: ActionFunctionArgs) {
  const { supporterId, form } = await donorAction(request);
  const on = form.get("newsletter") === "on";
  await setDonorNewsletter(supporterId, on);
  return savedRedirect(givingPaths.account, on ? "giving-newsletter-on" : "giving-newsletter-off", "giving");
}
