// One clock: moving app/infra/clock.server.ts moves every "now" the server uses, also where a
// function takes `now` as an argument it may be called without (sessions, the outbox, enquiries).
import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { loader as overviewLoader } from "~/routes/admin+/dashboard+/_index";
import { loader as mailLogLoader } from "~/routes/admin+/dashboard+/mail._index";
import { submitEnquiry } from "~/supporters/services/enquiries.server";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";

// Years before the real time, so nothing here can pass by the real clock.
const START = Date.parse("2021-03-01T09:00:00Z");
const HOUR = 3_600_000;

afterEach(() => setClock(null));

describe("one clock", () => {
  it("starts a staff session by the clock and ends it after 12 idle hours by the clock", async () => {
    setClock(() => START);
    const { cookie } = await adminCookie();
    expect((await run(overviewLoader, getRequest("/admin/dashboard", { cookie }))).status).toBe(200);

    setClock(() => START + 13 * HOUR);
    const later = await run(overviewLoader, getRequest("/admin/dashboard", { cookie }));
    expect(later.status).toBe(302);
    expect(later.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("dates the acknowledgement of an enquiry by the clock in the staff mail log", async () => {
    setClock(() => START);
    const enquiry = await submitEnquiry({
      name: "Clock Tester",
      email: "clock.tester@example.org",
      subject: "general",
      message: "When was this sent?",
      channel: "email",
    });
    const { cookie } = await adminCookie();
    const log = await bodyOf(await run(mailLogLoader, getRequest("/admin/dashboard/mail", { cookie })));
    const ack = log.messages.find((m: { kind: string }) => m.kind === "enquiry.ack");
    expect(ack, JSON.stringify(log.messages)).toBeTruthy();
    expect(new Date(ack.createdAt).getTime()).toBe(START);
    expect(enquiry.id).toBeGreaterThan(0);
    await getDb().deleteFrom("outbox").execute();
  });
});
