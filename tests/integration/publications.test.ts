import { beforeEach, describe, expect, it } from "vitest";
import { REJECTED_SUBMISSION_MESSAGE } from "~/content/forms";
import { publicationsPage } from "~/content/publications";
import { getNewsletterSubscriber } from "~/publishing/models/subscriber.server";
import { action, meta } from "~/routes/_public+/publications";
import { getDb } from "~/infra/db.server";
import { formRequest, resetDatabase } from "./helpers";

const subscribe = async (fields: Record<string, string>) => {
  const response = (await action({
    request: formRequest("/publications", fields),
    params: {},
    context: {},
  } as any)) as Response;
  return { status: response.status, data: await response.json() };
};

const subscriberRows = () => getDb().selectFrom("newsletter_subscribers").selectAll().execute();

beforeEach(resetDatabase);

describe("newsletter subscribe action", () => {
  it("stores a valid address with the time of consent and thanks the visitor", async () => {
    const before = Date.now();
    const { status, data } = await subscribe({ email: "  reader@example.com " });

    expect(status).toBe(200);
    expect(data.subscribed).toBe(true);
    // The form is reset, ready for another address.
    expect(data.result).toEqual({ initialValue: null });
    const rows = await subscriberRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe("reader@example.com");
    const consentedAt = Date.parse(rows[0].consented_at);
    expect(rows[0].consented_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(consentedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(consentedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("answers a repeat address exactly as a new one and keeps one row with the first consent time", async () => {
    const first = await subscribe({ email: "twice@example.com" });
    const [row] = await subscriberRows();
    const second = await subscribe({ email: "TWICE@example.com" });

    expect(second.status).toBe(first.status);
    expect(second.data).toEqual(first.data);
    const rows = await subscriberRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].consented_at).toBe(row.consented_at);
    expect(await getNewsletterSubscriber(getDb(), "twice@EXAMPLE.com")).toBeDefined();
  });

  it.each([
    ["a missing address", {}, "Email address is required"],
    ["an empty address", { email: "   " }, "Email address is required"],
    ["a malformed address", { email: "not-an-email" }, "Enter a valid email address, like name@example.com"],
  ])("rejects %s with a 400, a field error and the input kept", async (_label, fields, message) => {
    const { status, data } = await subscribe(fields as Record<string, string>);

    expect(status).toBe(400);
    expect(data.subscribed).toBe(false);
    expect(data.result.error.email).toEqual([message]);
    if ("email" in fields) expect(data.result.initialValue.email).toBe(fields.email);
    expect(await subscriberRows()).toHaveLength(0);
  });

  it("rejects a filled honeypot with a generic 400 and stores nothing", async () => {
    const { status, data } = await subscribe({ email: "bot@example.com", website: "http://spam.example" });

    expect(status).toBe(400);
    expect(data.subscribed).toBe(false);
    expect(data.result.error[""]).toEqual([REJECTED_SUBMISSION_MESSAGE]);
    expect(await subscriberRows()).toHaveLength(0);
  });

  it("has its own title, description and Open Graph tags", () => {
    const tags = meta({} as any) as Record<string, string>[];
    expect(tags).toContainEqual({ title: expect.stringMatching(/^Publications \| /) });
    expect(tags.some((t) => t.name === "description" && t.content.length > 20)).toBe(true);
    expect(tags).toContainEqual({ property: "og:title", content: "Publications" });
    expect(publicationsPage.subscribedMessage).toMatch(/^Thank you for subscribing/);
  });
});
