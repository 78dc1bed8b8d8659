// Your giving's two refusals: a donor's request or change refused, and a sign-in link that does
// not work (used, expired or not ours). Routes turn them into a 4xx with the message.
import { Refusal } from "~/utils/refusal";

/** A donor's request or change refused (a 4xx with this message). */
export class DonorPortalError extends Refusal {}

/** A sign-in link that does not work: used, expired or not ours; the page says which and offers a new one. */
export class DonorLinkError extends Refusal {
  constructor(
    readonly reason: "used" | "expired" | "invalid",
    message: string,
  ) {
    super(message, reason === "invalid" ? 404 : 410);
  }
}
