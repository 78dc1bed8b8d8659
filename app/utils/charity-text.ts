import { charityDefaults } from "~/content/site";
import type { CharitySettings } from "./charity-settings";

// Static wording in app/content/ (legal pages, FAQ, about, mail) is written with the charity's
// default details from app/content/site.ts. These helpers show it with the details an admin set
// in Settings instead, so the wording stays in one place and the details in the database.

type Swappable = "name" | "charityNumber" | "companyNumber" | "email";
const SWAPPED: readonly Swappable[] = ["name", "charityNumber", "companyNumber", "email"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Longest first: a default that is the start of another (the placeholder numbers) must not
// match inside it.
const defaultsPattern = new RegExp(
  [...SWAPPED]
    .map((key) => charityDefaults[key])
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|"),
  "g",
);

const keyOfDefault = new Map(SWAPPED.map((key) => [charityDefaults[key], key]));

export type CharityTextPart = { text: string } | { email: string };

/**
 * `text` split where a default detail appeared, with the current one in its place; the e-mail
 * address is a part of its own so that a page can make it a link.
 */
export function charityTextParts(text: string, charity: CharitySettings): CharityTextPart[] {
  const parts: CharityTextPart[] = [];
  let last = 0;
  let plain = "";
  for (const match of text.matchAll(defaultsPattern)) {
    const key = keyOfDefault.get(match[0])!;
    plain += text.slice(last, match.index);
    last = match.index + match[0].length;
    if (key === "email") {
      if (plain) parts.push({ text: plain });
      parts.push({ email: charity.email });
      plain = "";
    } else {
      plain += charity[key];
    }
  }
  plain += text.slice(last);
  if (plain) parts.push({ text: plain });
  return parts;
}

/** `text` with the current details in place of the defaults it was written with. */
export function charityText(text: string, charity: CharitySettings): string {
  return charityTextParts(text, charity)
    .map((part) => ("email" in part ? part.email : part.text))
    .join("");
}

/** Every string in `words` (objects and arrays of them, as a page's loader sends) through charityText. */
export function charityWords<T>(words: T, charity: CharitySettings): T {
  if (typeof words === "string") return charityText(words, charity) as T;
  if (Array.isArray(words)) return words.map((word) => charityWords(word, charity)) as T;
  if (words && typeof words === "object") {
    return Object.fromEntries(Object.entries(words).map(([key, value]) => [key, charityWords(value, charity)])) as T;
  }
  return words;
}

// Which register a charity number is on, for the pages that name it (the footer on every page):
// here, in a module every page loads, rather than in a file (and a chunk) of its own; apart from
// charity-numbers.ts, whose checks of every number staff type in Settings public pages do not need.

export type CharityRegister = "England and Wales" | "Scotland";

/** Which register a (normalised) charity number belongs to. */
export function charityRegister(charityNumber: string): CharityRegister {
  return /^SC/i.test(charityNumber) ? "Scotland" : "England and Wales";
}
