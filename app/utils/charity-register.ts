// Which register a charity number is on, for the pages that name it (the footer on every
// page). Apart from charity-numbers.ts, whose checks of every number staff type in Settings
// public pages do not need.

export type CharityRegister = "England and Wales" | "Scotland";

/** Which register a (normalised) charity number belongs to. */
export function charityRegister(charityNumber: string): CharityRegister {
  return /^SC/i.test(charityNumber) ? "Scotland" : "England and Wales";
}
