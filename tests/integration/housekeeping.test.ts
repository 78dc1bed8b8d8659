import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { admitFormPost } from "~/site/models/form-post.server";
import { createSession, getSessionUser } from "~/staff/models/session.server";
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, scheduleHousekeeping } from "~/site/services/housekeeping.server";
import { resetDatabase } from "./helpers";
import { nowDate, nowIsoString } from "~/infra/clock.server";

async function user() {
  const now = nowIsoString();
  return getDb()
    .insertInto("users")
    .values({ username: "keeper", password_hash: "x", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
}

beforeEach(resetDatabase);

describe("housekeeping", () => {
  it("deletes expired browser sessions and API tokens and keeps live ones", async () => {
    const { id } = await user();
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await createSession(getDb(), id, "web", longAgo);
    await createSession(getDb(), id, "api", longAgo);
    const live = await createSession(getDb(), id, "web");

    const report = await runHousekeeping();

    expect(report.expiredSessions).toBe(2);
    expect(await getDb().selectFrom("sessions").select("id").execute()).toHaveLength(1);
    expect(await getSessionUser(getDb(), live.token, "web")).toMatchObject({ username: "keeper" });
  });

  it("deletes public-form post counts older than an hour", async () => {
    await admitFormPost(getDb(), "client", { perMinute: 5, perHour: 30 }, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect((await runHousekeeping()).oldFormPosts).toBe(1);
  });

  it("forgets handled Stripe event ids after a week", async () => {
    const { claimStripeEvent } = await import("~/giving/models/stripe-event.server");
    await claimStripeEvent(
      getDb(),
      "evt_old",
      "invoice.paid",
      new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString(),
    );
    await claimStripeEvent(getDb(), "evt_new", "invoice.paid");
    expect((await runHousekeeping()).oldStripeEvents).toBe(1);
    expect(await getDb().selectFrom("stripe_events").select("id").execute()).toEqual([{ id: "evt_new" }]);
  });

  it("deletes password-reset links once used or expired, and keeps a live one", async () => {
    const { createPasswordReset, markPasswordResetUsed } = await import("~/staff/models/staff-token.server");
    const { id } = await user();
    const hour = 60 * 60 * 1000;
    const now = nowDate();
    // One live link per person: three people, one link each.
    const other = await getDb()
      .insertInto("users")
      .values({ username: "keeper2", password_hash: "x", created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const third = await getDb()
      .insertInto("users")
      .values({ username: "keeper3", password_hash: "x", created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await createPasswordReset(getDb(), {
      userId: id,
      tokenHash: "expired",
      now: new Date(now.getTime() - 2 * hour),
      ttlMs: hour,
    });
    await createPasswordReset(getDb(), { userId: other.id, tokenHash: "used", now, ttlMs: hour });
    await markPasswordResetUsed(getDb(), "used", now);
    await createPasswordReset(getDb(), { userId: third.id, tokenHash: "live", now, ttlMs: hour });

    expect((await runHousekeeping(now)).staleResetLinks).toBe(2);
    expect(await getDb().selectFrom("password_resets").select("token_hash").execute()).toEqual([
      { token_hash: "live" },
    ]);
  });

  it("runs at most once an hour while the server is up", async () => {
    const { id } = await user();
    const t0 = new Date("2030-01-01T00:00:00Z");
    const first = scheduleHousekeeping(t0);
    expect(first).not.toBeNull();
    await first;
    expect(scheduleHousekeeping(new Date(t0.getTime() + HOUSEKEEPING_INTERVAL_MS - 1))).toBeNull();

    await createSession(getDb(), id, "web", new Date(t0.getTime() - 31 * 24 * 60 * 60 * 1000));
    const later = scheduleHousekeeping(new Date(t0.getTime() + HOUSEKEEPING_INTERVAL_MS));
    expect(later).not.toBeNull();
    await later;
    expect(await getDb().selectFrom("sessions").select("id").execute()).toHaveLength(0);
  });
});
