// Records for the staff back-office tests (enquiries, pledges, payments, subscriptions), written
// straight into the e2e database. Each test uses unique names and addresses.
import { randomUUID } from "node:crypto";
import { createEnquiry, type ContactEnquiry, type EnquiryInput } from "~/supporters/models/enquiry.server";
import { createPledge, type Pledge } from "~/giving/models/pledge.server";
import { e2eDb } from "./db";

/** A short unique token for names and addresses. */
export const uniqueToken = () => randomUUID().replace(/-/g, "").slice(0, 10);

export async function insertEnquiry(
  input: Partial<EnquiryInput> & { status?: "new" | "handled" } = {},
): Promise<ContactEnquiry> {
  const token = uniqueToken();
  const row = await createEnquiry(e2eDb(), {
    name: input.name ?? `Visitor ${token}`,
    email: input.email ?? `visitor-${token}@example.org`,
    subject: input.subject ?? "general",
    message: input.message ?? "A question about your work.",
    channel: input.channel ?? "email",
  });
  if (input.status === "handled") {
    await e2eDb().updateTable("contact_enquiries").set({ status: "handled" }).where("id", "=", row.id).execute();
  }
  return row;
}

export async function insertPledge(email: string, amountPence: number, paid: boolean): Promise<Pledge> {
  const pledge = await createPledge(e2eDb(), {
    type: "one-time",
    amountPence,
    firstName: "Pat",
    lastName: "Donor",
    email,
    inHonour: false,
  });
  if (paid) {
    await e2eDb()
      .insertInto("payments")
      .values({
        pledge_id: pledge.id,
        received_on: new Date().toISOString().slice(0, 10),
        amount_pence: amountPence,
        method: "manual",
        recorded_by: "admin",
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return pledge;
}

export async function insertSubscription(email: string): Promise<void> {
  await e2eDb()
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: new Date().toISOString() })
    .execute();
}
