// The charity soft opt-in (PECR 22(3A)): off by default, nothing changes; on, the donate form
// shows the opt-out line and a donor who gives without ticking it is subscribed with the basis
// "charity soft opt-in" (form version and time), shown on the supporter's page. Never applied to
// an address from before (a pledge made while it was off, an unsubscribed address) or a
// pledge recorded another way (staff, imports: submitPledge without the donate form).
import { beforeEach, describe, expect, it } from "vitest";
import { DONATE_FORM_VERSION, SOFT_OPT_IN_LINE } from "~/content/soft-opt-in";
import { getDb } from "~/infra/db.server";
import { action, loader } from "~/routes/_public+/donate/route";
import * as supporterRoute from "~/routes/admin+/dashboard+/supporters.$id._index";
import { setNewsletterFromGiving } from "~/publishing/services/newsletter.server";
import { submitPledge } from "~/giving/services/pledges.server";
import { setSoftOptInEnabled } from "~/supporters/services/soft-opt-in.server";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { formRequest, resetDatabase } from "./helpers";

const donate = (email: string, extra: Record<string, string> = {}) =>
  action({
    request: formRequest("/donate", { firstName: "Jo", lastName: "Bloggs", email, amount: "25", ...extra }),
    params: {},
    context: {},
  } as never);

const subscriber = (email: string) =>
  getDb().selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();

beforeEach(resetDatabase);

describe("the charity soft opt-in", () => {
  it("is off by default: no opt-out line, and no donor is subscribed", async () => {
    expect((await bodyOf(await loader())).optOutLine).toBeNull();
    expect((await donate("off@example.com")).status).toBe(303);
    expect(await subscriber("off@example.com")).toBeUndefined();
  });

  it("on: the line is shown; a donor who does not opt out is subscribed with the basis, one who ticks is not", async () => {
    // An address that gave while it was off, and one that unsubscribed, are left alone.
    await donate("before@example.com");
    await submitPledge({
      type: "one-time",
      amountPence: 1000,
      firstName: "Imp",
      lastName: "Orted",
      email: "imported@example.com",
      inHonour: false,
    });
    await setNewsletterFromGiving("gone@example.com", true);
    await setNewsletterFromGiving("gone@example.com", false);

    expect(await setSoftOptInEnabled(true, "admin")).toBe(true);
    expect((await bodyOf(await loader())).optOutLine).toBe(SOFT_OPT_IN_LINE);

    expect((await donate("yes@example.com")).status).toBe(303);
    expect(await subscriber("yes@example.com")).toMatchObject({
      status: "confirmed",
      legal_basis: "soft-opt-in",
      basis_form_version: DONATE_FORM_VERSION,
      basis_at: expect.any(String),
    });
    const [event] = await getDb().selectFrom("newsletter_consent_events").selectAll().orderBy("id", "desc").execute();
    expect(event).toMatchObject({ kind: "signed-up", wording: SOFT_OPT_IN_LINE });

    expect((await donate("no@example.com", { newsletterOptOut: "on" })).status).toBe(303);
    expect(await subscriber("no@example.com")).toBeUndefined();
    expect((await donate("gone@example.com")).status).toBe(303);
    expect(await subscriber("gone@example.com")).toMatchObject({ status: "unsubscribed" });
    expect(await subscriber("before@example.com")).toBeUndefined();
    expect(await subscriber("imported@example.com")).toBeUndefined();

    const { cookie } = await adminCookie();
    const supporterId = (await subscriber("yes@example.com"))!.supporter_id!;
    const page = await bodyOf(
      await run(supporterRoute.loader, getRequest(`/admin/dashboard/supporters/${supporterId}`, { cookie }), {
        id: String(supporterId),
      }),
    );
    expect(page.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: "Newsletter basis: Charity soft opt-in (PECR 22(3A))",
          detail: `yes@example.com, form ${DONATE_FORM_VERSION}`,
        }),
      ]),
    );
  });
});
