import { beforeEach, describe, expect, it } from "vitest";
import { REJECTED_SUBMISSION_MESSAGE } from "~/content/forms";
import { createPledge, getPledgeByReference, isPaymentReference } from "~/giving/models/pledge.server";
import { action } from "~/routes/_public+/donate/route";
import { loader as thankYouLoader } from "~/routes/_public+/donate_.thank-you.$reference";
import { getDb } from "~/infra/db.server";
import { formRequest, resetDatabase } from "./helpers";

const donor = { firstName: "Jo", lastName: "Bloggs", email: "jo@example.com" };

const donate = async (fields: Record<string, string>) =>
  (await action({ request: formRequest("/donate", fields), params: {}, context: {} } as any)) as Response;

const pledges = () => getDb().selectFrom("pledges").selectAll().orderBy("id").execute();

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  const { result } = await response.json();
  return result as { error: Record<string, string[]>; initialValue: Record<string, string> };
}

beforeEach(resetDatabase);

describe("donate action", () => {
  it("records a pledge and redirects (303) to its thank-you page", async () => {
    const response = await donate({
      type: "one-time",
      amount: "50",
      customAmount: "",
      ...donor,
      phone: "",
      website: "",
    });

    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    const reference = /^\/donate\/thank-you\/(.+)$/.exec(location)![1];
    expect(isPaymentReference(reference)).toBe(true);
    const rows = await pledges();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reference,
      type: "one-time",
      amount_pence: 5000,
      first_name: "Jo",
      last_name: "Bloggs",
      email: "jo@example.com",
      phone: null,
      in_honour: 0,
    });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("records whom a gift honours, shows it on the thank-you page, and refuses a name that is not a name", async () => {
    const response = await donate({
      type: "one-time",
      amount: "50",
      ...donor,
      inHonour: "on",
      honoreeName: " Rose O'Brien ",
    });
    expect(response.status).toBe(303);
    const reference = response.headers.get("Location")!.split("/").pop()!;
    expect((await pledges())[0]).toMatchObject({ in_honour: 1, honoree_name: "Rose O'Brien" });
    const page = await (
      await thankYouLoader({
        request: new Request(`http://localhost/donate/thank-you/${reference}`),
        params: { reference },
        context: {},
      } as any)
    ).json();
    expect(page.honoreeNamed).toBe(true);
    expect(JSON.stringify(page)).not.toContain("Rose");

    // Without the honour box the name is not kept; a link is not a name.
    await donate({ type: "one-time", amount: "50", ...donor, honoreeName: "Rose" });
    expect((await pledges())[1]).toMatchObject({ in_honour: 0, honoree_name: null });
    const refused = await errorsOf(
      await donate({ type: "one-time", amount: "50", ...donor, inHonour: "on", honoreeName: "see evil.example/x" }),
    );
    expect(refused.error.honoreeName).toEqual([
      "Their name may contain only letters, spaces, hyphens, apostrophes and full stops",
    ]);
  });

  it("records a monthly gift with a phone number and the honour flag", async () => {
    const response = await donate({
      type: "monthly",
      amount: "250",
      ...donor,
      phone: "+44 20 7946 0000",
      inHonour: "on",
    });
    expect(response.status).toBe(303);
    const [row] = await pledges();
    expect(row).toMatchObject({ type: "monthly", amount_pence: 25000, phone: "+44 20 7946 0000", in_honour: 1 });
  });

  it("defaults to a one-time gift when no type arrives", async () => {
    await donate({ amount: "25", ...donor });
    expect((await pledges())[0].type).toBe("one-time");
  });

  describe("the preset / custom amount rule", () => {
    it("takes a filled custom amount over a preset when both arrive (JavaScript off)", async () => {
      const response = await donate({ amount: "500", customAmount: "30.50", ...donor });
      expect(response.status).toBe(303);
      expect((await pledges())[0].amount_pence).toBe(3050);
    });

    it("takes the preset when the custom amount is empty or blank", async () => {
      await donate({ amount: "100", customAmount: "   ", ...donor });
      expect((await pledges())[0].amount_pence).toBe(10000);
    });

    it("takes a custom amount alone, with a pound sign and thousands separator", async () => {
      await donate({ customAmount: "£1,250", ...donor });
      expect((await pledges())[0].amount_pence).toBe(125000);
    });

    it("rejects a submission with neither, asking for an amount", async () => {
      const result = await errorsOf(await donate({ ...donor }));
      expect(result.error.amount).toEqual(["Choose an amount or enter your own"]);
      expect(await pledges()).toHaveLength(0);
    });

    it("rejects a preset that is not on offer", async () => {
      const result = await errorsOf(await donate({ amount: "1", ...donor }));
      expect(result.error.amount).toEqual(["Choose one of the amounts shown"]);
    });

    it.each([
      ["abc", "Enter an amount in pounds, like 30 or 30.50"],
      ["0", "Enter an amount greater than £0"],
      ["-5", "Enter an amount greater than £0"],
      ["10.999", "Use at most 2 decimal places, like 30.50"],
      ["100000.01", "The largest gift we can take online is £100,000; please contact us for larger gifts"],
    ])("rejects the custom amount %j even beside a valid preset", async (customAmount, message) => {
      const result = await errorsOf(await donate({ amount: "50", customAmount, ...donor }));
      expect(result.error.customAmount).toEqual([message]);
      expect(result.error.amount).toBeUndefined();
      expect(result.initialValue.customAmount).toBe(customAmount);
      expect(await pledges()).toHaveLength(0);
    });
  });

  it("reports every missing or malformed donor field at once, keeping the input", async () => {
    const result = await errorsOf(
      await donate({ type: "monthly", amount: "25", firstName: "", lastName: "", email: "jo@", phone: "call me" }),
    );
    expect(result.error).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Enter a valid email address, like name@example.com"],
      phone: ["Enter a valid phone number, like 020 7946 0000 or +44 20 7946 0000"],
    });
    expect(result.initialValue).toMatchObject({ type: "monthly", amount: "25", email: "jo@", phone: "call me" });
    expect(await pledges()).toHaveLength(0);
  });

  it("reports the amount together with the donor fields", async () => {
    const result = await errorsOf(await donate({ customAmount: "lots" }));
    expect(Object.keys(result.error).sort()).toEqual(["customAmount", "email", "firstName", "lastName"]);
  });

  it("rejects a filled honeypot with a generic 400 and stores nothing", async () => {
    const result = await errorsOf(await donate({ amount: "50", ...donor, website: "spam" }));
    expect(result.error[""]).toEqual([REJECTED_SUBMISSION_MESSAGE]);
    expect(await pledges()).toHaveLength(0);
  });

  it("gives every pledge its own reference", async () => {
    const references = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const response = await donate({ amount: "25", ...donor });
      references.add(response.headers.get("Location")!.split("/").pop()!);
    }
    expect(references.size).toBe(25);
  });
});

describe("createPledge", () => {
  const input = { type: "one-time" as const, amountPence: 2500, ...donor, inHonour: false };

  it("draws a new reference when the first one is taken", async () => {
    const db = getDb();
    await createPledge(db, input, { generateReference: () => "CHA-AAAAAAAA" });
    const draws = ["CHA-AAAAAAAA", "CHA-AAAAAAAA", "CHA-BBBBBBBB"];
    const pledge = await createPledge(db, input, { generateReference: () => draws.shift()! });
    expect(pledge.reference).toBe("CHA-BBBBBBBB");
    expect(draws).toHaveLength(0);
    expect(await pledges()).toHaveLength(2);
  });

  it("gives up after repeated collisions instead of looping forever", async () => {
    const db = getDb();
    await createPledge(db, input, { generateReference: () => "CHA-CCCCCCCC" });
    await expect(createPledge(db, input, { generateReference: () => "CHA-CCCCCCCC" })).rejects.toThrow(/UNIQUE/i);
    expect(await pledges()).toHaveLength(1);
  });

  it("round-trips the honour flag and amount", async () => {
    const created = await createPledge(getDb(), { ...input, inHonour: true, amountPence: 12345 });
    const found = await getPledgeByReference(getDb(), created.reference);
    expect(found).toMatchObject({ inHonour: true, amountPence: 12345, type: "one-time" });
  });
});

describe("thank-you loader", () => {
  const load = (reference: string) =>
    thankYouLoader({
      request: new Request(`http://localhost/donate/thank-you/${reference}`),
      params: { reference },
      context: {},
    } as any);

  it("shows the reference, amount and type of a recorded pledge, never cached", async () => {
    const response = await donate({ type: "monthly", customAmount: "30.5", ...donor });
    const reference = response.headers.get("Location")!.split("/").pop()!;

    const page = await load(reference);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const data = await page.json();
    expect(data).toEqual({
      reference,
      amount: "£30.50",
      type: "monthly",
      typeLabel: "Monthly",
      inHonour: false,
      honoreeNamed: false,
      declaration: null,
      askForGiftAid: true,
      cardPayments: false,
      // Not given through a supporter's page: no link back to one.
      backToPage: null,
    });
    // Only what the donor needs to pay: no name or address in the page data.
    expect(JSON.stringify(data)).not.toContain("jo@example.com");
  });

  it.each(["CHA-ZZZZZZZZ", "nonsense", "cha-abcdefgh", ""])(
    "answers 404 for the unknown reference %j",
    async (reference) => {
      const error = await load(reference).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    },
  );
});
