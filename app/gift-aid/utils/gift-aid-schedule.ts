import { SCHEDULE_HEADER } from "./gift-aid";

// HMRC's Gift Aid schedule spreadsheet (the .ods): where each thing sits in HMRC's template. Apart
// from app/gift-aid/utils/gift-aid.ts, which the donate form's bundle carries, so the form ships none of it.

/**
 * Where things sit in HMRC's own Gift Aid schedule spreadsheet for Charities Online (the template
 * HMRC publishes; Charities Online takes no other schedule), rows and columns as a spreadsheet
 * numbers them (row 1, column A). Sources and what was and was not confirmed: docs/gift-aid.md,
 * "The OpenDocument schedule". The .ods writer reads it; its test writes the layout out by hand.
 */
export const HMRC_SCHEDULE_TEMPLATE = {
  /** Charities Online looks for the schedule on a sheet of this name. */
  sheetName: "R68GAD_V1_00_0_EN",
  /** Box 1: the earliest donation date in the period of the claim (DD/MM/YY), the label above its cell. */
  earliestDateLabel: { cell: "D12", text: "Earliest donation date in the period of claim. (DD/MM/YY)" },
  earliestDate: { cell: "D13" },
  /**
   * Box 2: Gift Aid (tax, not donations) over-claimed before, deducted from this claim; blank when
   * none. HMRC's own reader of the schedule takes it from D17 (0-based row 16, column 3); the label
   * sits above it, as Box 1's does.
   */
  adjustmentLabel: { cell: "D16", text: "Old Gift Aid donation adjustment" },
  adjustment: { cell: "D17" },
  /** The donations table: its header row, from column B (Item) to K (Amount). */
  headerRow: 23,
  firstColumn: "B",
  /** The first donation row; rows follow with no gap. */
  firstDataRow: 25,
  /** Charities Online takes at most this many donation rows in one schedule (one claim). */
  rowsPerSheet: 1000,
} as const;

/** The columns of the template's donations table, B to K: "Item" (1, 2, 3…), then SCHEDULE_HEADER. */
export function hmrcScheduleColumns(): string[] {
  return ["Item", ...SCHEDULE_HEADER];
}

/** How many schedules (.ods files of at most 1,000 donation rows, one claim each) this many rows need. */
export function schedulePartCount(rowCount: number): number {
  return Math.max(1, Math.ceil(rowCount / HMRC_SCHEDULE_TEMPLATE.rowsPerSheet));
}

/** A cell reference ("D13") as 0-based row and column indexes. */
export function cellIndex(reference: string): { row: number; column: number } {
  const match = /^([A-Z])(\d+)$/.exec(reference);
  if (!match) throw new Error(`Not a cell reference: ${reference}`);
  return { row: Number(match[2]) - 1, column: match[1].charCodeAt(0) - 65 };
}
