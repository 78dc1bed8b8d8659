import { beforeEach, describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION, GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import { getDb } from "~/infra/db.server";
import { action } from "~/routes/_public+/donate/route";
import { loader as thankYouLoader } from "~/routes/_public+/donate_.thank-you.$reference";
import { getDeclarationEmailCopy, getDeclarationForPledge } from "~/gift-aid/services/gift-aid-declarations.server";
import { formRequest, resetDatabase } from "./helpers";

const donor = { amount: "50", firstName: "Jo", lastName: "Smith-Jones", email: "jo@example.com" };
const address = { house: "12", street: "High Street", town: "Leeds", postcode: "ls1 4ap" };

const donate = async (fields: Record<string, string>) =>
  (await action({ request: formRequest("/donate", fields), params: {}, context: {} } as any)) as Response;

const declarations = () => getDb().selectFrom("gift_aid_declarations").selectAll().execute();
const pledges = () => getDb().selectFrom("pledges").selectAll().execute();

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  const { result } = await response.json();
  return result as { error: Record<string, string[]>; initialValue: Record<string, string> };
}

beforeEach(resetDatabase);

describe("donating with Gift Aid", () => {
  it("records the pledge and its declaration with the exact wording, the address cleaned", async () => {
    const response = await donate({
      ...donor,
      giftAid: "on",
      giftAidVersion: CURRENT_DECLARATION_VERSION,
      title: "Mrs.",
      ...address,
      house: "  12  ",
    });
    expect(response.status).toBe(303);
    const [pledge] = await pledges();
    const [declaration] = await declarations();
    expect(declaration).toMatchObject({
      pledge_id: pledge.id,
      title: "Mrs",
      first_name: "Jo",
      last_name: "Smith-Jones",
      house_name_or_number: "12",
      address_line: "High Street",
      town: "Leeds",
      postcode: "LS1 4AP",
      email: "jo@example.com",
      declaration_version: CURRENT_DECLARATION_VERSION,
      declaration_text: GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION],
      declared_at: pledge.created_at,
      covers_past_four_years: 1,
      cancelled_at: null,
    });
  });

  it("shows the declaration on the thank-you page, without the donor's address", async () => {
    const response = await donate({ ...donor, giftAid: "on", ...address });
    const reference = response.headers.get("Location")!.split("/").pop()!;
    const page = await (
      (await thankYouLoader({
        request: new Request(`http://localhost/donate/thank-you/${reference}`),
        params: { reference },
        context: {},
      } as any)) as Response
    ).json();
    expect(page.declaration.text).toBe(GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION]);
    expect(page.declaration.covers).toMatch(/past 4 years|4 years before/);
    expect(page.declaration.donor).toBeUndefined();
    expect(JSON.stringify(page)).not.toContain("LS1 4AP");
  });

  it("asks everyone who gave without a declaration on the thank-you page: it says nothing about the address", async () => {
    const thankYou = async (response: Response) => {
      const reference = response.headers.get("Location")!.split("/").pop()!;
      const page = (await thankYouLoader({
        request: new Request(`http://localhost/donate/thank-you/${reference}`),
        params: { reference },
        context: {},
      } as any)) as Response;
      return page.json();
    };
    // A new donor without a declaration is asked.
    expect((await thankYou(await donate({ ...donor, email: "new@example.com" }))).askForGiftAid).toBe(true);
    // A donor who declares with this gift is not asked again on its page.
    expect((await thankYou(await donate({ ...donor, giftAid: "on", ...address }))).askForGiftAid).toBe(false);
    // Whoever types that address next without Gift Aid is asked, like any new donor: the page does
    // not tell them the address has a declaration (issue 50). The server reconciles any new one.
    const second = await thankYou(await donate({ ...donor, email: "JO@example.com" }));
    expect(second.declaration).toBeNull();
    expect(second.askForGiftAid).toBe(true);
  });

  it("gives staff the donor and address, and the e-mail copy the wording and how to cancel", async () => {
    await donate({ ...donor, giftAid: "on", ...address });
    const [pledge] = await pledges();
    const staff = await getDeclarationForPledge(pledge.id, { forStaff: true });
    expect(staff?.donor).toEqual({ name: "Jo Smith-Jones", address: ["12 High Street", "Leeds", "LS1 4AP"] });
    const copy = await getDeclarationEmailCopy(pledge.id);
    expect(copy?.text).toBe(GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION]);
    expect(copy?.howToCancel).toMatch(/cancel/);
  });

  it("keeps the wording of the version the page showed; an unknown version gets the current one", async () => {
    await donate({ ...donor, giftAid: "on", giftAidVersion: "1999-9", ...address });
    expect((await declarations())[0].declaration_version).toBe(CURRENT_DECLARATION_VERSION);
  });

  it("records no declaration when the box is not ticked, ignoring any address typed", async () => {
    const response = await donate({ ...donor, ...address, postcode: "not a postcode", house: "x".repeat(500) });
    expect(response.status).toBe(303);
    expect(await pledges()).toHaveLength(1);
    expect(await declarations()).toHaveLength(0);
  });

  it("asks for every missing address field, keeping the input, and stores nothing", async () => {
    const result = await errorsOf(await donate({ ...donor, giftAid: "on", title: "Dr" }));
    expect(result.error).toMatchObject({
      house: ["House name or number is required for Gift Aid"],
      street: ["Street is required for Gift Aid"],
      town: ["Town or city is required for Gift Aid"],
      postcode: ["Postcode is required for Gift Aid"],
    });
    expect(result.error.title).toBeUndefined();
    expect(result.initialValue).toMatchObject({ giftAid: "on", title: "Dr", firstName: "Jo" });
    expect(await pledges()).toHaveLength(0);
    expect(await declarations()).toHaveLength(0);
  });

  it.each(["75001", "SW1A", "ABC 123", "D02 X285"])("refuses the non-UK postcode %j", async (postcode) => {
    const result = await errorsOf(await donate({ ...donor, giftAid: "on", ...address, postcode }));
    expect(result.error.postcode?.[0]).toMatch(/^Enter a UK postcode/);
    expect(result.initialValue.postcode).toBe(postcode);
  });

  it("refuses over-long fields with HMRC's limits on the right fields", async () => {
    const result = await errorsOf(
      await donate({
        ...donor,
        firstName: "A".repeat(36),
        lastName: "B".repeat(36),
        giftAid: "on",
        title: "Baroness",
        house: "H".repeat(41),
        street: "S".repeat(101),
        town: "T".repeat(61),
        postcode: "SW1A 1AA".repeat(3),
      }),
    );
    expect(Object.keys(result.error).sort()).toEqual(
      ["firstName", "house", "lastName", "postcode", "street", "title", "town"].sort(),
    );
    expect(result.error.title[0]).toMatch(/at most 4 letters/);
    expect(result.error.firstName[0]).toMatch(/at most 35 characters/);
  });

  it("accepts names up to 100 characters when Gift Aid is not ticked", async () => {
    const response = await donate({ ...donor, firstName: "A".repeat(36) });
    expect(response.status).toBe(303);
  });

  it("cleans a title it can: long forms shortened, full stops dropped", async () => {
    await donate({ ...donor, giftAid: "on", ...address, title: "Professor" });
    expect((await declarations())[0].title).toBe("Prof");
  });
});
