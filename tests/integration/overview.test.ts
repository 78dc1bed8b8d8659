// The dashboard's overview: what needs the staff, each figure counted as its list would show it.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { createEnquiry } from "~/supporters/models/enquiry.server";
import { createNews } from "~/publishing/models/news.server";
import { enqueueMail, recordMailFailure } from "~/mail/models/outbox.server";
import { loader } from "~/routes/admin+/dashboard+/_index";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { makePledge } from "./donations-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { startFundraisingPage } from "~/causes/index.server";

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const dayAgo = (n: number) => daysAgo(n).slice(0, 10);

beforeEach(resetDatabase);

describe("the staff overview", () => {
  it("is for signed-in staff only", async () => {
    const response = await run(loader, getRequest("/admin/dashboard"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("counts what waits: enquiries, unpaid and quiet pledges, Gift Aid to claim, failed mail, scheduled news", async () => {
    const { cookie } = await adminCookie();
    const db = getDb();
    await createEnquiry(db, {
      name: "Ann",
      email: "ann@example.org",
      subject: "general",
      message: "Hi",
      channel: "email",
    });
    await makePledge({ createdAt: daysAgo(20) }); // unpaid for 20 days: highlighted
    await makePledge(); // unpaid, new
    const quiet = await makePledge({ type: "monthly", createdAt: daysAgo(100) });
    await recordPaymentForTest(quiet.id, dayAgo(60), 1000);
    const lively = await makePledge({ type: "monthly", createdAt: daysAgo(100) });
    await recordPaymentForTest(lively.id, dayAgo(10), 1000);
    await makePledge({ type: "monthly", createdAt: daysAgo(50) }); // never paid in 50 days
    const { pledge } = await pledgeWithDeclaration();
    await recordPaymentForTest(pledge.id, dayAgo(1), 5000); // £50 under a declaration: £12.50 Gift Aid
    const mailId = await enqueueMail(db, { kind: "test", to: "x@example.org", subject: "s", text: "t", html: "h" });
    await recordMailFailure(db, mailId, "550 no such user", null);
    await createNews(db, { title: "Later", content: "Soon", publishAt: new Date(Date.now() + DAY).toISOString() });

    const { overview } = await bodyOf(await run(loader, getRequest("/admin/dashboard", { cookie })));
    expect(overview).toEqual({
      newEnquiries: 1,
      newVolunteerApplications: 0,
      // 2 one-time pledges unpaid; the monthly one never paid in 50 days has lapsed, like the one
      // last paid 60 days ago; the declared pledge is paid.
      pendingPledges: 2,
      pendingPledgesOld: 1,
      quietMonthly: 2,
      // No Direct Debit failed: the tile is not shown.
      failingDirectDebits: null,
      claimablePayments: 1,
      claimableGiftAidPence: 1250,
      failedMail: 1,
      scheduledArticles: 1,
      // No supporter's page or tribute message waits for staff here (fundraising-owner.test.ts counts them).
      pagesToReview: 0,
      tributeMessagesWaiting: 0,
    });
  });
  it("counts a supporter's page waiting for review, for a role that reviews them", async () => {
    const { cookie } = await adminCookie();
    await startFundraisingPage({
      kind: "share-my-day",
      name: "Jo Runner",
      email: "jo.runner@example.com",
      title: "Jo's 40 km",
      target: 30_000,
      story: "Running for clinics.",
      occasion: "My 40th",
      in_memory_of: undefined,
      sponsored: false,
    });
    const { overview } = await bodyOf(await run(loader, getRequest("/admin/dashboard", { cookie })));
    expect(overview).toMatchObject({ pagesToReview: 1, tributeMessagesWaiting: 0 });
  });
});
