import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { enqueueMail } from "~/mail/index.server";
import type { User } from "~/staff/models/user.server";
import { staffMailWording } from "~/content/staff-accounts";
import { formatLongDateTime } from "~/utils/dates";
import { describeUserAgent } from "~/utils/user-agent";
import { getCharitySettings } from "~/site/index.server";
import { staffNoticeMail } from "~/mail/index.server";

/**
 * Tells a person, by e-mail, that their account was just signed in (a browser or an API token):
 * the device and the time, so a sign-in that was not theirs is noticed. Through the outbox, like
 * every other notice; nothing is sent to an account without an address (the operator's first admin).
 */
export async function sendSignInNotice(
  user: Pick<User, "username" | "email" | "name">,
  details: { userAgent: string | null; via: "browser" | "browser, passkey" | "API token"; at?: Date },
  db: DB = getDb(),
): Promise<void> {
  if (!user.email) return;
  const charity = await getCharitySettings(db);
  const mail = staffNoticeMail(
    staffMailWording.signInSubject,
    staffMailWording.signInText(
      user.name ?? user.username,
      `${details.via}, ${describeUserAgent(details.userAgent)}`,
      formatLongDateTime((details.at ?? nowDate()).toISOString()),
    ),
    charity,
  );
  await enqueueMail(db, { kind: "staff-sign-in", to: user.email, ...mail });
}
