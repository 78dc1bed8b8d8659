import { beforeEach, describe, expect, it } from "vitest";
import { contactSubjects } from "~/content/contact";
import { CROSS_SITE_SUBMISSION_MESSAGE, REJECTED_SUBMISSION_MESSAGE } from "~/content/forms";
import { site } from "~/content/site";
import { action, loader } from "~/routes/_public+/contact";
import { loader as sentLoader } from "~/routes/_public+/contact_.sent";
import { getDb } from "~/infra/db.server";
import { formRequest, resetDatabase } from "./helpers";

const valid = {
  name: "Ann O'Neil",
  email: "ann@example.com",
  subject: "general",
  message: "Hello & welcome?\nSecond line #1 100%",
};

const send = async (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  (await action({ request: formRequest("/contact", fields, { headers }), params: {}, context: {} } as any)) as Response;

const sentPage = async (cookie?: string) => {
  const request = new Request("http://localhost/contact/sent", { headers: cookie ? { Cookie: cookie } : {} });
  const response = (await sentLoader({ request, params: {}, context: {} } as any)) as Response;
  return (await response.json()) as {
    sent: { email: string; channel: string; mailto: string; whatsapp: string } | null;
  };
};

/** The confirmation page as the browser that posted sees it (with the cookie the action set). */
const confirmation = (response: Response) => sentPage(response.headers.get("Set-Cookie")!.split(";")[0]);

const enquiries = () => getDb().selectFrom("contact_enquiries").selectAll().orderBy("id").execute();

beforeEach(resetDatabase);

describe("contact action", () => {
  it("stores the enquiry, then confirms on the site (303 to /contact/sent) with a prefilled mailto: draft", async () => {
    const response = await send({ ...valid, channel: "email" });

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact/sent?via=email");
    const { sent } = await confirmation(response);
    expect(sent).toMatchObject({ email: "ann@example.com", channel: "email" });
    const location = sent!.mailto;
    const url = new URL(location);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe(site.email);
    // URLSearchParams would turn "+" into spaces; mailto: uses percent-encoding only.
    expect(location).not.toMatch(/[ \n+]/);
    const params = Object.fromEntries(
      location
        .split("?")[1]
        .split("&")
        .map((p) => p.split("=").map(decodeURIComponent)),
    );
    expect(params.subject).toBe("General Inquiry");
    expect(params.body).toBe(
      "Name: Ann O'Neil\r\nEmail: ann@example.com\r\n\r\nMessage:\r\nHello & welcome?\r\nSecond line #1 100%",
    );

    const rows = await enquiries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, channel: "email" });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("stores the enquiry, then confirms with a WhatsApp chat of the same content", async () => {
    const response = await send({ ...valid, subject: "partnership", channel: "whatsapp" });

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact/sent?via=whatsapp");
    const { sent } = await confirmation(response);
    const url = new URL(sent!.whatsapp);
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe(`/${site.whatsappNumber}`);
    expect(url.searchParams.get("text")).toBe(
      "Subject: Partnership Opportunities\nName: Ann O'Neil\nEmail: ann@example.com\n\nMessage:\nHello & welcome?\nSecond line #1 100%",
    );
    expect(sent!.channel).toBe("whatsapp");
    const rows = await enquiries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: "partnership", channel: "whatsapp" });
  });

  it("uses the label of every subject as the e-mail subject line", async () => {
    for (const subject of contactSubjects) {
      const { sent } = await confirmation(await send({ ...valid, subject: subject.value, channel: "email" }));
      expect(decodeURIComponent(/[?&]subject=([^&]*)/.exec(sent!.mailto)![1])).toBe(subject.label);
    }
    expect(await enquiries()).toHaveLength(contactSubjects.length);
  });

  it("falls back to e-mail when no button value arrives", async () => {
    const response = await send(valid);
    expect(response.headers.get("Location")).toBe("/contact/sent?via=email");
  });

  it("acknowledges by e-mail to the address given, repeating nothing of the message", async () => {
    await send({ ...valid, channel: "email" });
    const mail = await getDb().selectFrom("outbox").selectAll().where("kind", "=", "enquiry.ack").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe("ann@example.com");
    expect(mail[0].text_body).toContain("Dear Ann O'Neil");
    expect(mail[0].text_body).toContain("within 5 working days");
    expect(mail[0].text_body).not.toContain("Hello & welcome");
    expect(mail[0].html_body).not.toContain("Hello &amp; welcome");
  });

  it("shows the confirmation only to the browser that sent the message", async () => {
    const response = await send({ ...valid, channel: "email" });
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/contact/);
    expect((await sentPage()).sent).toBeNull();
    const forged = cookie.split(";")[0].replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await sentPage(forged)).sent).toBeNull();
  });

  it("rejects missing fields with a 400 and an error for each, storing nothing", async () => {
    const response = await send({ channel: "email" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toMatchObject({
      name: ["Full name is required"],
      email: ["Email address is required"],
      subject: ["Choose a subject from the list"],
      message: ["Message is required"],
    });
    expect(await enquiries()).toHaveLength(0);
  });

  it("rejects a malformed e-mail, an unknown subject and an unknown channel, keeping the input", async () => {
    const response = await send({ ...valid, email: "ann-at-example", subject: "lottery", channel: "fax" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.email).toEqual(["Enter a valid email address, like name@example.com"]);
    expect(result.error.subject).toEqual(["Choose a subject from the list"]);
    expect(result.error.channel).toEqual(["Choose e-mail or WhatsApp"]);
    expect(result.initialValue).toMatchObject({ name: valid.name, email: "ann-at-example", message: valid.message });
    expect(await enquiries()).toHaveLength(0);
  });

  it("rejects a filled honeypot with a generic 400 and stores nothing", async () => {
    const response = await send({ ...valid, channel: "email", website: "spam" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error[""]).toEqual([REJECTED_SUBMISSION_MESSAGE]);
    expect(response.headers.get("Location")).toBeNull();
    expect(await enquiries()).toHaveLength(0);
  });

  it("refuses a post from another site's page with a 403, the input kept, and stores nothing", async () => {
    const crossSite: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://elsewhere.example" },
    ];
    for (const headers of crossSite) {
      const response = await send({ ...valid, channel: "email" }, headers);
      expect(response.status).toBe(403);
      const { result } = await response.json();
      expect(result.error[""]).toEqual([CROSS_SITE_SUBMISSION_MESSAGE]);
      expect(result.initialValue).toMatchObject({ name: valid.name, message: valid.message });
    }
    expect(await enquiries()).toHaveLength(0);
  });
});

describe("contact loader", () => {
  const load = async (query: string) =>
    (await (
      await loader({ request: new Request(`http://localhost/contact${query}`), params: {}, context: {} } as any)
    ).json()) as {
      subject: string | null;
    };

  it("preselects a known subject from ?subject=", async () => {
    expect(await load("?subject=partnership")).toEqual({ subject: "partnership" });
  });

  it("ignores an unknown or missing subject", async () => {
    expect(await load("?subject=<script>")).toEqual({ subject: null });
    expect(await load("")).toEqual({ subject: null });
  });
});
