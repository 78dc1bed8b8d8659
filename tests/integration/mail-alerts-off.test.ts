import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { submitEnquiry } from "~/supporters/services/enquiries.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { resetDatabase } from "./helpers";

beforeEach(resetDatabase);

it("queues no staff alert when STAFF_EMAIL is unset, and still the visitor's and the donor's messages", async () => {
  expect(process.env.STAFF_EMAIL).toBeUndefined();
  await submitEnquiry({ name: "A", email: "a@example.org", subject: "general", message: "Hi", channel: "email" });
  const pledge = await submitPledge({
    type: "one-time",
    amountPence: 2500,
    firstName: "B",
    lastName: "C",
    email: "b@example.org",
    inHonour: false,
  });
  const rows = await getDb().selectFrom("outbox").select(["kind", "to_address", "status"]).orderBy("id").execute();
  expect(rows).toEqual([
    { kind: "enquiry.ack", to_address: "a@example.org", status: "queued" },
    { kind: "pledge.donor", to_address: "b@example.org", status: "queued" },
  ]);
  expect(pledge.reference).toMatch(/^CHA-/);
});
