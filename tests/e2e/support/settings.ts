// Values for the charity Settings tests: unique per run, and valid (an IBAN with real check digits).
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eDb } from "./db";

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/** A GB IBAN for a sort code and account number, with its ISO 13616 check digits. */
export function gbIban(sortCode: string, accountNumber: string): string {
  const bban = `NWBK${sortCode}${accountNumber}`;
  const numeric = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of numeric) remainder = (remainder * 10 + Number(d)) % 97;
  return `GB${String(98 - remainder).padStart(2, "0")}${bban}`;
}

export function uniqueBankDetails() {
  const sort = digits(6);
  const account = digits(8);
  return {
    accountName: `Health Aid Donations ${digits(4)}`,
    sortCode: sort,
    accountNumber: account,
    iban: gbIban(sort, account),
    shown: {
      sortCode: `${sort.slice(0, 2)}-${sort.slice(2, 4)}-${sort.slice(4)}`,
      iban: gbIban(sort, account).replace(/(.{4})(?=.)/g, "$1 "),
    },
  };
}

/** The Settings form of one group, found by its legend. */
export function settingsGroup(page: Page, legend: string) {
  return page.getByRole("form", { name: legend });
}

/**
 * Removes saved settings, so they show their defaults again (the server notices: another
 * process's write moves SQLite's data_version, which its settings and page caches check).
 */
export async function forgetSettings(keys: string[]): Promise<void> {
  await e2eDb().deleteFrom("charity_settings").where("key", "in", keys).execute();
}
