import { findRecordedBankLines } from "~/models/payment.server";
import { getPledgesByReferences } from "~/models/pledge.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import {
  matchCredits,
  parseStatement,
  type ColumnChoice,
  type LineProblem,
  type Matching,
  type PledgeForMatching,
  type StatementColumns,
} from "./bank-statement.server";
import { recordPaymentIn } from "./donations.server";

// Bank statement import: propose payments for the credits whose text names a pledge, then
// record the ones staff accept. The statement travels with the confirmation and is read
// again then, so what is recorded is re-checked against the database at that moment.

export type ImportPreview =
  | { ok: false; error: string; headers?: string[] }
  | ({
      ok: true;
      headers: string[];
      columns: StatementColumns;
      problems: LineProblem[];
      debits: number;
    } & Matching);

async function preview(db: DB, text: string, choice: ColumnChoice): Promise<ImportPreview> {
  const statement = parseStatement(text, choice);
  if (!statement.ok) return statement;
  const references = statement.credits.flatMap((credit) => credit.references);
  const pledges = new Map<string, PledgeForMatching>(
    (await getPledgesByReferences(db, references)).map((p) => [
      p.reference,
      {
        id: p.id,
        reference: p.reference,
        type: p.type,
        amountPence: p.amountPence,
        paidPence: p.paidPence,
        status: p.status,
      },
    ]),
  );
  const recorded = await findRecordedBankLines(
    db,
    statement.credits.map((credit) => credit.fingerprint),
  );
  return {
    ok: true,
    headers: statement.headers,
    columns: statement.columns,
    problems: statement.problems,
    debits: statement.debits,
    ...matchCredits(statement.credits, pledges, recorded),
  };
}

export function previewImport(text: string, choice: ColumnChoice = {}): Promise<ImportPreview> {
  return preview(getDb(), text, choice);
}

export type ImportOutcome =
  { ok: false; error: string } | { ok: true; recorded: number; alreadyImported: number; notFound: number };

/**
 * Records the accepted proposals (by line fingerprint) in one transaction: all or nothing.
 * Lines already recorded (by an earlier import, or a second click) are counted, not recorded.
 */
export async function confirmImport(
  text: string,
  choice: ColumnChoice,
  accepted: readonly string[],
  actor: string,
): Promise<ImportOutcome> {
  const wanted = new Set(accepted);
  const outcome = await immediateTransaction(getDb(), async (trx): Promise<ImportOutcome> => {
    const result = await preview(trx, text, choice);
    if (!result.ok) return { ok: false, error: result.error };
    let recorded = 0;
    let alreadyImported = 0;
    const offered = new Set(result.proposals.map((p) => p.fingerprint));
    for (const proposal of result.proposals) {
      if (!wanted.has(proposal.fingerprint)) continue;
      if (proposal.state === "already-imported") {
        alreadyImported++;
        continue;
      }
      await recordPaymentIn(
        trx,
        {
          pledgeId: proposal.pledge.id,
          receivedOn: proposal.date,
          amountPence: proposal.amountPence,
          method: "bank-import",
          bankLine: proposal.fingerprint,
          note: `Bank statement line ${proposal.line}: ${proposal.description}`.slice(0, 500),
        },
        actor,
      );
      recorded++;
    }
    const notFound = [...wanted].filter((f) => !offered.has(f)).length;
    return { ok: true, recorded, alreadyImported, notFound };
  });
  if (outcome.ok) {
    logger.info(
      {
        event: "bank_import.confirmed",
        recorded: outcome.recorded,
        already_imported: outcome.alreadyImported,
        not_found: outcome.notFound,
      },
      "Bank statement import confirmed",
    );
  }
  return outcome;
}
