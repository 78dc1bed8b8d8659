// Long because a bank's CSV export is messy: finding the header row and the date, description
// and amount columns by their usual names, reading dates and amounts in UK formats, finding pledge
// references however donors typed them, and matching credits with their warnings. Pure functions
// (no database, no server-only imports), unit-tested on real exports in
// tests/fixtures/bank-statements. The use case that looks pledges up and records payments is
// app/giving/services/bank-import.server.ts.
import type { PledgeStatusValue } from "~/giving/schemas/donations";
import { parse } from "csv-parse/sync";
import { giftDayProblem } from "~/utils/dates";
import { sha256Hex } from "~/utils/sha256";

export interface ColumnChoice {
  date?: number;
  description?: number;
  amount?: number;
}

export interface StatementColumns {
  date: number;
  /** All of them are searched for a reference and shown, joined. */
  description: number[];
  /** One signed column (positive = money in)... */
  amount?: number;
  /** ...or separate columns for money in and out. */
  credit?: number;
  debit?: number;
  /** A column saying CR/DR (Credit/Debit) when amounts carry no sign. */
  direction?: number;
}

export interface StatementCredit {
  /** Line in the file where the record starts (1 = the first line). */
  line: number;
  /** YYYY-MM-DD */
  date: string;
  amountPence: number;
  description: string;
  /** Identifies the line across imports: date, amount, description and its occurrence index. */
  fingerprint: string;
  /** How many identical lines (day, amount, text) came before it in the file. */
  occurrence: number;
  /** Pledge references found in the text, normalised (CHA-XXXXXXXX). */
  references: string[];
}

export interface LineProblem {
  line: number;
  message: string;
}

export type StatementResult =
  | { ok: false; error: string; headers?: string[] }
  | {
      ok: true;
      headers: string[];
      columns: StatementColumns;
      credits: StatementCredit[];
      problems: LineProblem[];
      /** Lines that were money out (or zero), skipped. */
      debits: number;
    };

/** The bytes as text: UTF-8 (a BOM dropped), else Windows-1252, which older bank exports use. */
export function decodeStatement(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 5));
  if (head.startsWith("%PDF") || head.startsWith("PK")) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const normaliseHeader = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, " ")
    .trim();

const DATE_HEADERS =
  /^(date|transaction date|posting date|posted date|value date|completed date|booking date|date posted|created)$/;
const AMOUNT_HEADERS = /^(amount|value|transaction amount|net amount)( gbp)?$/;
const CREDIT_HEADERS = /^(paid in|money in|credit|credits|credit amount|in)( gbp)?$/;
const DEBIT_HEADERS = /^(paid out|money out|debit|debits|debit amount|out)( gbp)?$/;
const DIRECTION_HEADERS = /^(cr dr|dr cr|debit credit|credit debit|credit or debit|debit or credit)$/;
// In order of preference for the description shown; all of them are searched.
const DESCRIPTION_HEADERS = [
  "description",
  "transaction description",
  "reference",
  "payment reference",
  "narrative",
  "details",
  "transaction details",
  "memo",
  "particulars",
  "name",
  "counter party",
  "counterparty",
  "payee",
  "notes",
  "notes and #tags",
];

/** The statement's columns by their usual names, or null when date, amount or text is missing. */
export function detectColumns(headers: readonly string[]): StatementColumns | null {
  const names = headers.map(normaliseHeader);
  const find = (pattern: RegExp) => {
    const index = names.findIndex((name) => pattern.test(name));
    return index === -1 ? undefined : index;
  };
  const date = find(DATE_HEADERS) ?? find(/\bdate\b/);
  const credit = find(CREDIT_HEADERS);
  const debit = find(DEBIT_HEADERS);
  const amount = credit === undefined ? (find(AMOUNT_HEADERS) ?? find(/^amount\b/)) : undefined;
  const description = DESCRIPTION_HEADERS.flatMap((wanted) =>
    names.flatMap((name, index) => (name === wanted ? [index] : [])),
  );
  if (date === undefined || (amount === undefined && credit === undefined) || description.length === 0) return null;
  return { date, description, amount, credit, debit, direction: find(DIRECTION_HEADERS) };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** A UK statement date as YYYY-MM-DD: 05/10/2025, 5/10/25, 2025-10-05 (even with a time), 5 Oct 2025, 05-Oct-2025. */
export function parseStatementDate(raw: string): string | null {
  const text = raw.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(text);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s.*)?$/.exec(text);
  if (match) return isoDay(fullYear(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})[\s-]+(\d{4}|\d{2})$/.exec(text);
  if (match) {
    const month = MONTHS.indexOf(match[2].slice(0, 3).toLowerCase());
    if (month === -1 || !MONTHS.some((m) => match![2].toLowerCase().startsWith(m))) return null;
    return isoDay(fullYear(match[3]), month + 1, Number(match[1]));
  }
  return null;
}

/**
 * An amount as banks write it, in signed pence: "£1,250.00", "-25.00", "(25.00)", "25.00 CR",
 * "25.00DR", "+5", "GBP 5.5". Empty is 0; anything else unreadable is null.
 */
export function parseStatementAmount(raw: string): number | null {
  let text = raw.trim().replace(/\s+/g, "");
  if (text === "") return 0;
  let sign = 1;
  const suffix = /(CR|DR)$/i.exec(text);
  if (suffix) {
    if (suffix[1].toUpperCase() === "DR") sign = -sign;
    text = text.slice(0, -2);
  }
  if (/^\(.*\)$/.test(text)) {
    sign = -sign;
    text = text.slice(1, -1);
  }
  if (/^[+-]/.test(text)) {
    if (text[0] === "-") sign = -sign;
    text = text.slice(1);
  }
  if (/-$/.test(text)) {
    sign = -sign;
    text = text.slice(0, -1);
  }
  text = text.replace(/^(£|GBP)/i, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const whole = (match[1] ?? "0").replace(/,/g, "");
  if (whole.length > 12) return null;
  return sign * (Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0")));
}

// Crockford base32 reads O as 0 and I, L as 1: a reference typed by hand still matches.
const CROCKFORD_FIX: Record<string, string> = { O: "0", I: "1", L: "1" };
const REFERENCE_IN_TEXT = /\bCHA([\s._-]*)((?:[0-9A-Z][\s-]?){7}[0-9A-Z])/g;
const REFERENCE = /^CHA-[0-9A-HJKMNP-TV-Z]{8}$/;

/**
 * Every pledge reference in a line of text, however the payer spaced or cased it. Letters
 * that are not in references (O, I, L) are read as digits only after a separator ("cha-8KO…"),
 * so a word like "CHARITY" is not taken for a reference.
 */
export function findReferences(text: string): string[] {
  const upper = text.toUpperCase();
  const found = new Set<string>();
  REFERENCE_IN_TEXT.lastIndex = 0;
  for (let match = REFERENCE_IN_TEXT.exec(upper); match; match = REFERENCE_IN_TEXT.exec(upper)) {
    const raw = match[2].replace(/[\s-]/g, "");
    const code = match[1] ? raw.replace(/[OIL]/g, (c) => CROCKFORD_FIX[c]) : raw;
    const reference = `CHA-${code}`;
    if (REFERENCE.test(reference)) found.add(reference);
    // Allow overlaps: a near miss must not swallow the real reference after it.
    REFERENCE_IN_TEXT.lastIndex = match.index + 1;
  }
  return [...found];
}

/**
 * A statement line's identity across imports (payments.bank_line): its day, amount, text, and how
 * many identical lines came before it in the file.
 */
export function bankLineFingerprint(
  date: string,
  amountPence: number,
  description: string,
  occurrence: number,
): string {
  const text = `${date}|${amountPence}|${description.replace(/\s+/g, " ").trim().toLowerCase()}|${occurrence}`;
  return `v1:${sha256Hex(text)}`;
}

function guessDelimiter(text: string): string {
  const firstLines = text.split(/\r?\n/, 5).join("\n");
  const counts = [",", ";", "\t", "|"].map((d) => [d, firstLines.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

const cell = (row: readonly string[], index: number | undefined) => (index === undefined ? "" : (row[index] ?? ""));

/** A CSV record and the line in the file where it starts (1 = the first line). */
export interface StatementRecord {
  record: string[];
  line: number;
}

/** The records of a statement's CSV (lines that are not CSV reported and skipped), or null. */
export function readStatementRecords(text: string, problems: LineProblem[]): StatementRecord[] | null {
  try {
    const parsed = parse(text, {
      delimiter: guessDelimiter(text),
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        problems.push({ line: Number(error?.lines ?? 0), message: "this line could not be read as CSV" });
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => ({
      record,
      // info.lines is where the record ends; quoted line breaks move its start up.
      line: info.lines - record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0),
    }));
  } catch {
    return null;
  }
}

export type StatementHeader =
  | { ok: false; error: string; headers?: string[] }
  | {
      ok: true;
      headers: string[];
      columns: StatementColumns;
      /** Index of the header row in the records; the payments follow it (-1: the file has none). */
      headerIndex: number;
    };

/**
 * Header detection: the header row is the first of the opening rows in which the usual column
 * names are found (some banks put account details above it); `choice` overrides the detected
 * columns, and a chosen file whose first row is already a payment has no header row.
 */
export function findStatementHeader(records: readonly StatementRecord[], choice: ColumnChoice = {}): StatementHeader {
  const wide = records.filter((r) => r.record.length >= 2);
  if (wide.length === 0) {
    return { ok: false, error: "This file does not look like a CSV statement: no line has more than one column." };
  }

  const chosen = choice.date !== undefined && choice.description !== undefined && choice.amount !== undefined;
  let headerIndex = records.findIndex((r, i) => i < 15 && detectColumns(r.record) !== null);
  if (headerIndex === -1) headerIndex = records.indexOf(wide[0]);
  const headers = records[headerIndex].record.map((header, index) => header || `Column ${index + 1}`);
  let columns: StatementColumns | null;
  if (chosen) {
    const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < headers.length;
    if (![choice.date, choice.description, choice.amount].every((i) => inRange(i!))) {
      return { ok: false, error: "Choose columns that the file has.", headers };
    }
    columns = { date: choice.date!, description: [choice.description!], amount: choice.amount! };
    // A file without a header row (HSBC's, for one): its first row is already a payment.
    if (parseStatementDate(headers[columns.date] ?? "")) headerIndex--;
  } else {
    columns = detectColumns(headers);
  }
  if (!columns) {
    return {
      ok: false,
      error:
        "The date, description and amount columns were not found by their usual names. Choose them below, then preview again.",
      headers,
    };
  }
  return { ok: true, headers, columns, headerIndex };
}

/**
 * Row reading: the money-in lines among `records` (the rows after the header), each with its
 * fingerprint and references. A line that cannot be read is added to `problems` and skipped;
 * money out (or zero) is only counted.
 */
export function readStatementRows(
  records: readonly StatementRecord[],
  columns: StatementColumns,
  problems: LineProblem[],
  today: string,
): { credits: StatementCredit[]; debits: number } {
  const credits: StatementCredit[] = [];
  const seen = new Map<string, number>();
  let debits = 0;
  for (const { record, line } of records) {
    if (record.every((value) => value === "")) continue;
    const rawDate = cell(record, columns.date);
    const date = parseStatementDate(rawDate);
    if (!date) {
      problems.push({ line, message: rawDate ? `"${rawDate.slice(0, 40)}" is not a date` : "the date is missing" });
      continue;
    }
    const impossible = giftDayProblem(date, today);
    if (impossible) {
      problems.push({
        line,
        message: `"${rawDate.slice(0, 40)}" cannot be when money arrived: ${impossible.replace(/^Enter a date/, "dates run")}`,
      });
      continue;
    }
    let amountPence: number | null;
    if (columns.credit !== undefined) {
      amountPence = parseStatementAmount(cell(record, columns.credit));
      if (amountPence === null) {
        problems.push({ line, message: `"${cell(record, columns.credit).slice(0, 40)}" is not an amount` });
        continue;
      }
    } else {
      amountPence = parseStatementAmount(cell(record, columns.amount));
      if (amountPence === null) {
        problems.push({ line, message: `"${cell(record, columns.amount).slice(0, 40)}" is not an amount` });
        continue;
      }
      const direction = cell(record, columns.direction).trim().toUpperCase();
      if (direction === "DR" || direction === "DEBIT" || direction === "D") amountPence = -Math.abs(amountPence);
      if (direction === "CR" || direction === "CREDIT" || direction === "C") amountPence = Math.abs(amountPence);
    }
    if (amountPence <= 0) {
      debits++;
      continue;
    }
    const description = columns.description
      .map((index) => cell(record, index).replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join(" · ");
    const key = `${date}|${amountPence}|${description.toLowerCase()}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    credits.push({
      line,
      date,
      amountPence,
      description,
      fingerprint: bankLineFingerprint(date, amountPence, description, occurrence),
      occurrence,
      references: findReferences(description),
    });
  }
  return { credits, debits };
}

/** The money-in lines of a statement: its CSV records, then header detection, then row reading. */
export function parseStatement(text: string, today: string, choice: ColumnChoice = {}): StatementResult {
  const problems: LineProblem[] = [];
  const records = readStatementRecords(text, problems);
  if (!records) {
    return { ok: false, error: "This file could not be read as CSV. Export the statement as CSV and try again." };
  }
  const header = findStatementHeader(records, choice);
  if (!header.ok) return header;
  const { headers, columns, headerIndex } = header;
  const { credits, debits } = readStatementRows(records.slice(headerIndex + 1), columns, problems, today);
  problems.sort((a, b) => a.line - b.line);
  return { ok: true, headers, columns, credits, problems, debits };
}

export interface PledgeForMatching {
  id: number;
  reference: string;
  type: "one-time" | "monthly";
  amountPence: number;
  paidPence: number;
  status: PledgeStatusValue;
}

/**
 * Why a proposal is not ticked for staff: the pledge is cancelled, a one-time pledge is paid
 * already, or this credit (with the ticked lines above it) would take it past its amount.
 */
export type ProposalWarning = "cancelled" | "already-paid" | "overpays";

export type Proposal = StatementCredit & {
  pledge: PledgeForMatching;
  state: "new" | "already-imported";
  warning: ProposalWarning | null;
  /** Ticked when the preview is first shown: a new line with no warning. */
  preselected: boolean;
};

export interface UnmatchedCredit extends StatementCredit {
  /** References the text named that are no pledge's. */
  unknownReferences: string[];
  /** Recorded before (assigned to a pledge by hand in an earlier import). */
  state: "new" | "already-imported";
}

export interface Matching {
  proposals: Proposal[];
  /** Credits naming no known pledge: staff may assign them to one by searching. */
  unmatched: UnmatchedCredit[];
  /**
   * Stripe payouts: card gifts arrive in bulk from Stripe, already recorded one by one from its
   * webhooks, so a line whose text names Stripe is never a gift to match (even if it names a reference).
   */
  payouts: StatementCredit[];
}

/** Whether a statement line is a payout from Stripe (its description names Stripe). */
export function isStripePayout(description: string): boolean {
  return /\bstripe\b/i.test(description);
}

/**
 * What would be wrong with recording `amountPence` on `pledge` when `alreadyPence` is already
 * received (or ticked above in the same statement); null when nothing. A monthly pledge has no
 * total to pass.
 */
export function paymentWarning(pledge: PledgeForMatching, alreadyPence: number, amountPence: number) {
  if (pledge.status === "cancelled") return "cancelled" as const;
  if (pledge.type === "monthly") return null;
  if (pledge.paidPence >= pledge.amountPence) return "already-paid" as const;
  if (alreadyPence + amountPence > pledge.amountPence) return "overpays" as const;
  return null;
}

/**
 * Pairs each credit with the first pledge its text names; lines recorded before are marked.
 * Proposals are checked in statement order against what the pledge has received plus the
 * lines above already ticked, so a second credit for a paid pledge is not ticked.
 */
export function matchCredits(
  credits: readonly StatementCredit[],
  pledges: ReadonlyMap<string, PledgeForMatching>,
  recorded: ReadonlySet<string>,
): Matching {
  const proposals: Proposal[] = [];
  const unmatched: UnmatchedCredit[] = [];
  const payouts: StatementCredit[] = [];
  const received = new Map<number, number>();
  for (const credit of credits) {
    if (isStripePayout(credit.description)) {
      payouts.push(credit);
      continue;
    }
    const state = recorded.has(credit.fingerprint) ? ("already-imported" as const) : ("new" as const);
    const reference = credit.references.find((r) => pledges.has(r));
    if (reference) {
      const pledge = pledges.get(reference)!;
      const already = received.get(pledge.id) ?? pledge.paidPence;
      const warning = state === "new" ? paymentWarning(pledge, already, credit.amountPence) : null;
      const preselected = state === "new" && warning === null;
      if (preselected) received.set(pledge.id, already + credit.amountPence);
      proposals.push({ ...credit, pledge, state, warning, preselected });
    } else {
      unmatched.push({ ...credit, unknownReferences: credit.references, state });
    }
  }
  return { proposals, unmatched, payouts };
}
