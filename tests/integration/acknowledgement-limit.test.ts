import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { now, setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { ACKNOWLEDGEMENTS_PER_HOUR } from "~/mail/models/outbox.server";
import { submitEnquiry } from "~/supporters/services/enquiries.server";
import { signUpForNewsletter } from "~/publishing/services/newsletter.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { resetDatabase } from "./helpers";

// Anyone may type anyone's address into the public forms: one address gets at most
// ACKNOWLEDGEMENTS_PER_HOUR acknowledgements an hour, all forms together (donate, contact,
// newsletter, volunteer). The records the forms make are all kept.

let clock = 0;
beforeEach(async () => {
  await resetDatabase();
  clock = Date.parse("2026-11-26T10:00:00.000Z");
  setClock(() => clock);
});
afterEach(() => setClock(null));

const VICTIM = "victim@example.org";
const acknowledgements = () =>
  getDb()
    .selectFrom("outbox")
    .select(["kind", "to_address"])
    .where("kind", "in", ["pledge.donor", "enquiry.ack", "newsletter.confirm", "volunteer.ack"])
    .execute();
const enquiry = (email: string) =>
  submitEnquiry({ name: "Someone", email, subject: "general", message: "Hello", channel: "email" }, new Date(now()));
const pledge = (email: string) =>
  submitPledge({ type: "one-time", amountPence: 500, firstName: "Some", lastName: "One", email, inHonour: false });

describe("acknowledgements to one address", () => {
  it("stop at the limit across forms, whatever the address's case; every record is kept; an hour later they flow again", async () => {
    expect(ACKNOWLEDGEMENTS_PER_HOUR).toBe(3);
    await enquiry(VICTIM);
    await pledge("Victim@Example.org");
    await signUpForNewsletter(VICTIM.toUpperCase(), new Date(now()));
    clock += 60_000;
    await enquiry(VICTIM);
    await pledge(VICTIM);
    await enquiry("someone-else@example.org");

    const sent = await acknowledgements();
    expect(sent.filter((row) => row.to_address.toLowerCase() === VICTIM)).toHaveLength(3);
    expect(sent.filter((row) => row.to_address === "someone-else@example.org")).toHaveLength(1);
    // The records are all there.
    expect(await getDb().selectFrom("contact_enquiries").select("id").execute()).toHaveLength(3);
    expect(await getDb().selectFrom("pledges").select("id").execute()).toHaveLength(2);

    // An hour after the first, there is room again.
    clock += 60 * 60_000;
    await enquiry(VICTIM);
    expect((await acknowledgements()).filter((row) => row.to_address.toLowerCase() === VICTIM)).toHaveLength(4);
  });
});
