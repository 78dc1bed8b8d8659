// Site search's text handling that needs no database (docs/search.md): what a typed query's words
// are, the marks the database puts around matching words and how a snippet is cut into plain and
// marked parts, and how far apart two words are (for "Did you mean…").

export { SEARCH_QUERY_MAX } from "~/content/search-box";
/** Words of a query used at most; the rest are ignored. */
export const SEARCH_TERMS_MAX = 12;
/** A "word" longer than this is not a word anyone looks for; it is dropped. */
const TERM_MAX = 40;

/** The database marks a matching word between these two characters (never in indexed text). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

// Control characters (but tab and line breaks), bidi controls and other invisible formatting.
const INVISIBLE = new RegExp(
  String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]`,
  "g",
);

/** Text as it is indexed: without control and bidi characters (so the marks stay unambiguous). */
export function indexableText(text: string): string {
  return text.replace(INVISIBLE, " ");
}

/**
 * The words of a typed query, lower-cased: runs of letters and digits (with their accents),
 * as SQLite's unicode61 tokenizer sees them. Quotes, `*`, `:`, parentheses and operators are not
 * words, so nothing typed can become query syntax; AND, OR, NOT and NEAR are plain words.
 */
export function searchTerms(query: string): string[] {
  const words =
    indexableText(query.normalize("NFKC"))
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (word.length > TERM_MAX || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

/** FTS5's MATCH expression for `terms`: each a double-quoted string (words only, no syntax), all required. */
export function fts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ");
}

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/** A snippet or title as the database marked it, cut into plain and marked parts (no HTML anywhere). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let inMark = false;
  let text = "";
  const flush = () => {
    if (text) parts.push({ text, marked: inMark });
    text = "";
  };
  for (const char of marked) {
    if (char === MARK_START) {
      flush();
      inMark = true;
    } else if (char === MARK_END) {
      flush();
      inMark = false;
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}

/** Levenshtein distance between two words, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** How many letters a suggestion may differ by: one for short words, two for longer. */
export function typoAllowance(word: string): number {
  return word.length <= 4 ? 1 : 2;
}
