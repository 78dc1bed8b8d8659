import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { PledgesTable } from "../../db/schema";
import type { DB } from "~/infra/db.server";
import { nowIso } from "~/utils/dates";

/** One-time or monthly (a standing order). */
export type PledgeType = PledgesTable["type"];

export interface Pledge {
  id: number;
  reference: string;
  type: PledgeType;
  amountPence: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  inHonour: boolean;
  createdAt: string;
}

export interface PledgeInput {
  type: PledgeType;
  amountPence: number;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  inHonour: boolean;
}

// Crockford's base32: no I, L, O or U, so a reference read over the phone or copied into
// a banking app cannot be mistaken (1/I/L, 0/O). 8 characters are 40 random bits.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const REFERENCE_LENGTH = 8;
const REFERENCE_PATTERN = new RegExp(`^CHA-[${ALPHABET}]{${REFERENCE_LENGTH}}$`);
const MAX_ATTEMPTS = 5;

/**
 * "CHA-" and 8 random base32 characters: 12 in all, inside the 18 characters a UK bank
 * transfer's reference field allows.
 */
export function generatePaymentReference(randomBytes: (size: number) => Uint8Array = crypto.randomBytes): string {
  const bytes = randomBytes(REFERENCE_LENGTH);
  // 256 is a multiple of 32, so taking each byte modulo 32 has no bias.
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += ALPHABET[bytes[i] % ALPHABET.length];
  return `CHA-${code}`;
}

export function isPaymentReference(value: unknown): value is string {
  return typeof value === "string" && REFERENCE_PATTERN.test(value);
}

function isReferenceCollision(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" && /pledges\.reference/.test(e.message ?? "");
}

function toPledge(row: Selectable<PledgesTable>): Pledge {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    amountPence: row.amount_pence,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    inHonour: row.in_honour === 1,
    createdAt: row.created_at,
  };
}

/** Records a pledge under a fresh unique payment reference, drawing again on the rare collision. */
export async function createPledge(
  db: DB,
  input: PledgeInput,
  options: { generateReference?: () => string } = {},
): Promise<Pledge> {
  const generate = options.generateReference ?? (() => generatePaymentReference());
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db
        .insertInto("pledges")
        .values({
          reference: generate(),
          type: input.type,
          amount_pence: input.amountPence,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          phone: input.phone || null,
          in_honour: input.inHonour ? 1 : 0,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPledge(row);
    } catch (error) {
      if (!isReferenceCollision(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

export async function getPledgeByReference(db: DB, reference: string): Promise<Pledge | undefined> {
  if (!isPaymentReference(reference)) return undefined;
  const row = await db.selectFrom("pledges").selectAll().where("reference", "=", reference).executeTakeFirst();
  return row ? toPledge(row) : undefined;
}
