import type { DB } from "~/infra/db.server";
import { nowDate } from "~/infra/clock.server";
import { deletedAny, deletedCount, updatedAny } from "~/infra/row-count.server";

// Staff passkeys (WebAuthn credentials, 0037) and the challenges handed to browsers for them.

export interface Passkey {
  id: number;
  userId: number;
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type PasskeyRow = {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(",") : [],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const COLUMNS = [
  "id",
  "user_id",
  "credential_id",
  "public_key",
  "counter",
  "transports",
  "name",
  "created_at",
  "last_used_at",
] as const;

export async function insertPasskey(
  db: DB,
  values: Pick<Passkey, "userId" | "credentialId" | "publicKey" | "counter" | "transports" | "name"> & { now?: Date },
): Promise<number> {
  const row = await db
    .insertInto("passkeys")
    .values({
      user_id: values.userId,
      credential_id: values.credentialId,
      public_key: values.publicKey,
      counter: values.counter,
      transports: values.transports.length ? values.transports.join(",").slice(0, 200) : null,
      name: values.name,
      created_at: (values.now ?? nowDate()).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A person's passkeys, the oldest first. */
export async function listPasskeys(db: DB, userId: number): Promise<Passkey[]> {
  const rows = await db.selectFrom("passkeys").select(COLUMNS).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map(toPasskey);
}

export async function countPasskeys(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getPasskeyByCredentialId(db: DB, credentialId: string): Promise<Passkey | undefined> {
  const row = await db
    .selectFrom("passkeys")
    .select(COLUMNS)
    .where("credential_id", "=", credentialId)
    .executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

export async function getUserPasskey(db: DB, userId: number, id: number): Promise<Passkey | undefined> {
  const row = await db
    .selectFrom("passkeys")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

/** Renames one of the person's passkeys; false when it is not theirs or is gone. */
export async function renamePasskey(db: DB, userId: number, id: number, name: string): Promise<boolean> {
  return updatedAny(db.updateTable("passkeys").set({ name }).where("user_id", "=", userId).where("id", "=", id));
}

/** Removes one of the person's passkeys; false when it is not theirs or is gone. */
export async function deletePasskey(db: DB, userId: number, id: number): Promise<boolean> {
  return deletedAny(db.deleteFrom("passkeys").where("user_id", "=", userId).where("id", "=", id));
}

/** Removes every passkey of the person (their second factor reset); returns how many. */
export async function deleteUserPasskeys(db: DB, userId: number): Promise<number> {
  return deletedCount(db.deleteFrom("passkeys").where("user_id", "=", userId));
}

/**
 * Records a use of the passkey with the authenticator's new signature counter, only when the
 * counter moved forward (or the authenticator keeps none: both 0): false for a counter that did
 * not, the sign of a cloned authenticator or a replayed answer, and for a passkey removed meanwhile.
 */
export async function advancePasskeyCounter(
  db: DB,
  id: number,
  counter: number,
  now: Date = nowDate(),
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("passkeys")
      .set({ counter, last_used_at: now.toISOString() })
      .where("id", "=", id)
      .where((eb) => (counter === 0 ? eb("counter", "=", 0) : eb("counter", "<", counter))),
  );
}

export type ChallengePurpose = "register" | "sign-in";

/** Keeps a challenge handed to a browser until `expiresAt` (and drops the ones already expired). */
export async function storeChallenge(
  db: DB,
  values: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date },
  now: Date = nowDate(),
): Promise<void> {
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge: values.challenge,
      purpose: values.purpose,
      user_id: values.userId,
      expires_at: values.expiresAt.toISOString(),
    })
    .execute();
}

/**
 * Uses a challenge up: true when it was handed out for this purpose (and this person, or
 * nobody in particular when `userId` is null) and has not expired. A challenge is taken once.
 */
export async function takeChallenge(
  db: DB,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date = nowDate(),
): Promise<boolean> {
  if (!challenge || challenge.length > 200) return false;
  return deletedAny(
    db
      .deleteFrom("webauthn_challenges")
      .where("challenge", "=", challenge)
      .where("purpose", "=", purpose)
      .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
      .where("expires_at", ">", now.toISOString()),
  );
}
