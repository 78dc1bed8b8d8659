import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { createEnquiry, type ContactEnquiry, type EnquiryInput } from "~/models/enquiry.server";
import { enqueueMail } from "~/models/outbox.server";
import { adminPaths } from "~/utils/admin-paths";
import { kickMailSender } from "./mail-sender.server";
import { staffEnquiryAlert } from "./mail-templates.server";
import { publicLink } from "./newsletter.server";

/**
 * A visitor's enquiry and, when STAFF_EMAIL is set, the staff alert about it, in one
 * transaction. The alert links to the enquiry in the staff area and leaves the message out
 * (it may hold health details) unless STAFF_ALERT_INCLUDE_MESSAGE=true.
 */
export async function submitEnquiry(input: EnquiryInput, now: Date = new Date()): Promise<ContactEnquiry> {
  const { STAFF_EMAIL, STAFF_ALERT_INCLUDE_MESSAGE } = getEnv();
  const enquiry = await getDb()
    .transaction()
    .execute(async (trx) => {
      const enquiry = await createEnquiry(trx, input);
      if (STAFF_EMAIL) {
        const alert = staffEnquiryAlert(
          enquiry,
          publicLink(adminPaths.enquiry(enquiry.id)),
          STAFF_ALERT_INCLUDE_MESSAGE,
        );
        await enqueueMail(trx, { kind: "enquiry.staff", to: STAFF_EMAIL, enquiryId: enquiry.id, ...alert }, now);
      }
      return enquiry;
    });
  if (STAFF_EMAIL) void kickMailSender();
  return enquiry;
}
