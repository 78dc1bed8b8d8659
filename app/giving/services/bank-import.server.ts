import { findRecordedBankLines } from "~/giving/models/payment.server";
import { getPledge, getPledgesByReferences, listPledges, type Pledge } from "~/giving/models/pledge.server";
import { londonToday } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import {
  matchCredits,
  parseStatement,
  paymentWarning,
  type ProposalWarning,
  type ColumnChoice,
  type LineProblem,
  type Matching,
  type PledgeForMatching,
  type StatementColumns,
} from "~/giving/utils/bank-statement";
import { getCharitySettings } from "~/site/index.server";
import { recordPayment } from "./ledger.server";
import { pick } from "~/utils/pick";
import { Refusal } from "~/utils/refusal";

// Bank statement import: propose payments for the credits whose text names a pledge, then
// record the ones staff accept. The statement travels with the confirmation and is read
// again then, so what is recorded is re-checked against the database at that moment.

/**
 * The statement cannot be read as one (with the file's column names when it has some, so staff
 * can choose the columns), or a confirmation names a pledge that cannot take the payment.
 */
export class BankImportError extends Refusal {
  constructor(
    message: string,
    status: 400 | 409,
    readonly headers?: string[],
  ) {
    super(message, status);
  }
}

export type ImportPreview = {
  headers: string[];
  columns: StatementColumns;
  problems: LineProblem[];
  debits: number;
} & Matching;

function forMatching(p: Pledge): PledgeForMatching {
  return pick(p, ["id", "reference", "type", "amountPence", "paidPence", "status"]);
}

/** A pledge staff may pick for a line that names none. */
export interface PledgeCandidate extends PledgeForMatching {
  name: string;
  email: string;
  /** What recording the line's amount on it would do wrong, if anything. */
  warning: ProposalWarning | null;
}

const CANDIDATES = 5;

function candidate(p: Pledge, amountPence: number): PledgeCandidate {
  const pledge = forMatching(p);
  const warning = paymentWarning(pledge, pledge.paidPence, amountPence);
  return { ...pledge, name: `${p.firstName} ${p.lastName}`, email: p.email, warning };
}

/**
 * Pledges a staff search from a statement line finds (the start of a reference, name or e-mail,
 * as on the Donations list), newest first, at most five, cancelled ones left out; `chosen`
 * (the pledge already picked for the line) is kept among them.
 */
export async function searchPledgesForLine(
  q: string,
  amountPence: number,
  chosen?: number,
): Promise<PledgeCandidate[]> {
  const db = getDb();
  const text = q.trim().slice(0, 100);
  const found = text
    ? (await listPledges(db, { q: text }, { offset: 0, limit: 20 })).pledges.filter((p) => p.status !== "cancelled")
    : [];
  const list = found.slice(0, CANDIDATES);
  if (chosen !== undefined && !list.some((p) => p.id === chosen)) {
    const pledge = await getPledge(db, chosen);
    if (pledge && pledge.status !== "cancelled") list.unshift(pledge);
  }
  return list.map((p) => candidate(p, amountPence));
}

async function preview(db: DB, text: string, choice: ColumnChoice): Promise<ImportPreview> {
  const statement = parseStatement(text, londonToday(), choice);
  if (!statement.ok) throw new BankImportError(statement.error, 400, statement.headers);
  const references = statement.credits.flatMap((credit) => credit.references);
  const pledges = new Map<string, PledgeForMatching>(
    (await getPledgesByReferences(db, references)).map((p) => [p.reference, forMatching(p)]),
  );
  const recorded = await findRecordedBankLines(
    db,
    statement.credits.map((credit) => credit.fingerprint),
  );
  return {
    headers: statement.headers,
    columns: statement.columns,
    problems: statement.problems,
    debits: statement.debits,
    ...matchCredits(statement.credits, pledges, recorded),
  };
}

/** What importing the statement would record; throws `BankImportError` when it cannot be read. */
export function previewImport(text: string, choice: ColumnChoice = {}): Promise<ImportPreview> {
  return preview(getDb(), text, choice);
}

/** The statement's column names as found (for choosing the columns), whether or not it can be read. */
export function statementHeaders(text: string): string[] | undefined {
  return parseStatement(text, londonToday(), {}).headers;
}

export type ImportOutcome = { recorded: number; alreadyImported: number; notFound: number; thanked: number };

/**
 * Records the accepted proposals (by line fingerprint) and the lines staff assigned to a pledge
 * by hand (fingerprint → pledge id) in one transaction: all or nothing. Lines already recorded
 * (by an earlier import, or a second click) are counted, not recorded. An assignment to a pledge
 * that is gone or cancelled refuses the whole confirmation (`BankImportError`). With `sendThanks` (the confirmation's
 * one checkbox, ticked by default; untick it for a back-fill of old statements) each donor whose
 * payment is recorded gets a thank-you e-mail, queued in the same transaction.
 */
export async function confirmImport(
  text: string,
  choice: ColumnChoice,
  accepted: readonly string[],
  actor: string,
  assignments: ReadonlyMap<string, number> = new Map(),
  options: { sendThanks?: boolean } = {},
): Promise<ImportOutcome> {
  const wanted = new Set(accepted);
  const thanks = options.sendThanks === false ? null : { charity: await getCharitySettings() };
  const outcome = await immediateTransaction(getDb(), async (trx): Promise<ImportOutcome> => {
    const result = await preview(trx, text, choice);
    let recorded = 0;
    let alreadyImported = 0;
    let thanked = 0;
    const offered = new Set(result.proposals.map((p) => p.fingerprint));
    const lines: { credit: (typeof result.proposals)[number] | (typeof result.unmatched)[number]; pledgeId: number }[] =
      [];
    for (const proposal of result.proposals) {
      if (wanted.has(proposal.fingerprint)) lines.push({ credit: proposal, pledgeId: proposal.pledge.id });
    }
    // Checked before anything is written, so a refusal leaves the database as it was.
    for (const credit of result.unmatched) {
      const pledgeId = assignments.get(credit.fingerprint);
      if (pledgeId === undefined) continue;
      offered.add(credit.fingerprint);
      const pledge = await getPledge(trx, pledgeId);
      if (!pledge || pledge.status === "cancelled") {
        throw new BankImportError(`The pledge chosen for line ${credit.line} is cancelled or no longer exists.`, 409);
      }
      lines.push({ credit, pledgeId });
    }
    for (const { credit, pledgeId } of lines) {
      if (credit.state === "already-imported") {
        alreadyImported++;
        continue;
      }
      const result = await recordPayment(
        trx,
        {
          pledgeId,
          receivedOn: credit.date,
          amountPence: credit.amountPence,
          method: "bank-import",
          bankLine: credit.fingerprint,
          note: `Bank statement line ${credit.line}: ${credit.description}`.slice(0, 500),
        },
        actor,
        thanks,
      );
      recorded++;
      if (result?.thanked) thanked++;
    }
    const notFound = [...wanted, ...assignments.keys()].filter((f) => !offered.has(f)).length;
    return { recorded, alreadyImported, notFound, thanked };
  });
  logger.info(
    {
      event: "bank_import.confirmed",
      recorded: outcome.recorded,
      already_imported: outcome.alreadyImported,
      not_found: outcome.notFound,
      thanked: outcome.thanked,
    },
    "Bank statement import confirmed",
  );
  return outcome;
}
