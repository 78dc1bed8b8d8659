import { nowDate } from "~/infra/clock.server";
import { sql } from "kysely";
import { immediateTransaction, type DB } from "~/infra/db.server";
import { deletedCount } from "~/infra/row-count.server";

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
  // The minute's window lies inside the hour's: when its limit is no lower than the hour's, the
  // hour refuses first and the minute need not be read.
  const windows = [
    ...(limits.perMinute < limits.perHour ? [{ limit: limits.perMinute, ms: MINUTE_MS }] : []),
    { limit: limits.perHour, ms: HOUR_MS },
  ];
  // Only the limit-th newest post of a window is read (the index walks to it), never every post:
  // with a high limit (a proxy, a load test, an appeal night) reading them all made each post
  // cost more than the last (docs/performance.md, appeal night).
  const limitTh = (trx: DB, window: (typeof windows)[number]) =>
    trx
      .selectFrom("form_posts")
      .select("posted_at")
      .where("client", "=", client)
      .where("posted_at", ">", new Date(now.getTime() - window.ms).toISOString())
      .orderBy("posted_at", "desc")
      .limit(1)
      .offset(window.limit - 1);
  return immediateTransaction(
    db,
    async (trx) => {
      // Counted in the statement that checks: the post is stored only when no window already
      // holds its limit (one statement, under the client's lock, instead of a read and a write).
      const counted = await trx
        .insertInto("form_posts")
        .columns(["client", "posted_at"])
        .expression(
          trx
            .selectNoFrom([
              sql<string>`cast(${client} as text)`.as("client"),
              sql<string>`cast(${now.toISOString()} as text)`.as("posted_at"),
            ])
            .where((eb) => eb.and(windows.map((window) => eb.not(eb.exists(limitTh(trx, window)))))),
        )
        .executeTakeFirst();
      if (Number(counted.numInsertedOrUpdatedRows) === 1) return { allowed: true };
      // Refused: free again when the oldest of the last `limit` posts of each full window leaves it.
      let retryAfterMs = 0;
      for (const window of windows) {
        const post = await limitTh(trx, window).executeTakeFirst();
        if (post) retryAfterMs = Math.max(retryAfterMs, new Date(post.posted_at).getTime() + window.ms - now.getTime());
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      // A count lost with the machine's power only lets a client post a little sooner: its
      // commit need not wait for the disk (the pledge that follows it does).
    },
    { durable: false, lockKey: `form-post:${client}` },
  );
}

/** Posts older than the longest window no longer count. */
export async function deleteOldFormPosts(db: DB, now: Date = nowDate()): Promise<number> {
  return deletedCount(
    db.deleteFrom("form_posts").where("posted_at", "<=", new Date(now.getTime() - HOUR_MS).toISOString()),
  );
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
