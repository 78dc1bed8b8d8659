import { nowDate } from "~/infra/clock.server";
import { immediateTransaction, type DB } from "~/infra/db.server";

export interface FormPostLimits {
  perMinute: number;
  perHour: number;
}

export type FormPostDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Counts a post from `client` and says whether it may go ahead: refused when the client has
 * already made `perMinute` posts in the last minute or `perHour` in the last hour. Check and
 * count happen in one write transaction, locked per client, so a burst of parallel posts cannot
 * all slip through, while posts of different clients never wait for each other's count (on
 * PostgreSQL; SQLite has one writer). A refused post is not counted (waiting it out works).
 */
export async function admitFormPost(
  db: DB,
  client: string,
  limits: FormPostLimits,
  now: Date = nowDate(),
): Promise<FormPostDecision> {
  return immediateTransaction(
    db,
    async (trx) => {
      // The minute's window lies inside the hour's: when its limit is no lower than the hour's,
      // the hour refuses first and the minute need not be read.
      const windows = [
        ...(limits.perMinute < limits.perHour ? [{ limit: limits.perMinute, ms: MINUTE_MS }] : []),
        { limit: limits.perHour, ms: HOUR_MS },
      ];
      let retryAfterMs = 0;
      for (const { limit, ms } of windows) {
        const since = new Date(now.getTime() - ms).toISOString();
        // Only the limit-th newest post of the window is read (the index walks to it), never
        // every post: with a high limit (a proxy, a load test, an appeal night) reading them all
        // made each post cost more than the last (docs/performance.md, appeal night).
        const limitTh = await trx
          .selectFrom("form_posts")
          .select("posted_at")
          .where("client", "=", client)
          .where("posted_at", ">", since)
          .orderBy("posted_at", "desc")
          .limit(1)
          .offset(limit - 1)
          .executeTakeFirst();
        if (limitTh) {
          // Free again when the oldest of the last `limit` posts leaves the window.
          const oldest = new Date(limitTh.posted_at).getTime();
          retryAfterMs = Math.max(retryAfterMs, oldest + ms - now.getTime());
        }
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      await trx.insertInto("form_posts").values({ client, posted_at: now.toISOString() }).execute();
      return { allowed: true };
      // A count lost with the machine's power only lets a client post a little sooner: its
      // commit need not wait for the disk (the pledge that follows it does).
    },
    { durable: false, lockKey: `form-post:${client}` },
  );
}

/** Posts older than the longest window no longer count. */
export async function deleteOldFormPosts(db: DB, now: Date = nowDate()): Promise<number> {
  const result = await db
    .deleteFrom("form_posts")
    .where("posted_at", "<=", new Date(now.getTime() - HOUR_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many posts `client` made in the last `windowMs` (e.g. webhook posts with a bad signature). */
export async function countRecentFormPosts(
  db: DB,
  client: string,
  windowMs: number,
  now: Date = nowDate(),
): Promise<number> {
  const row = await db
    .selectFrom("form_posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("client", "=", client)
    .where("posted_at", ">", new Date(now.getTime() - windowMs).toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Counts one post of `client` (kept an hour, like every form post). */
export async function recordFormPost(db: DB, client: string, now: Date = nowDate()): Promise<void> {
  await db.insertInto("form_posts").values({ client, posted_at: now.toISOString() }).execute();
}
