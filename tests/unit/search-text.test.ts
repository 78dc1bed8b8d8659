// Site search's query words, FTS5 expression, snippet parts and edit distance (app/utils/search-text.ts).
import { describe, expect, it } from "vitest";
import {
  MARK_END,
  MARK_START,
  SEARCH_TERMS_MAX,
  editDistance,
  fts5Match,
  indexableText,
  searchTerms,
  snippetParts,
} from "~/utils/search-text";

describe("searchTerms", () => {
  it.each([
    ["Flood  Relief", ["flood", "relief"]],
    ['"flood relief"', ["flood", "relief"]],
    ["clinic* AND NOT hospital", ["clinic", "and", "not", "hospital"]],
    ["NEAR(flood relief, 2)", ["near", "flood", "relief", "2"]],
    ["title:flood body:(x OR y)", ["title", "flood", "body", "x", "or", "y"]],
    ["a\u0000b", ["a", "b"]],
    ["\u202eflood\u202c", ["flood"]],
    ["🌊 flood 🌊", ["flood"]],
    ["Café naïve", ["café", "naïve"]],
    ["flood flood FLOOD", ["flood"]],
    ["\"*():^-+'", []],
  ])("reads %j as words %j", (query, words) => {
    expect(searchTerms(query)).toEqual(words);
  });

  it("keeps at most a dozen words and drops a 'word' longer than 40 characters", () => {
    expect(searchTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(SEARCH_TERMS_MAX);
    expect(searchTerms(`${"x".repeat(41)} short`)).toEqual(["short"]);
  });
});

it("quotes every word of the FTS5 expression", () => {
  expect(fts5Match(["flood", "relief"])).toBe('"flood" "relief"');
  expect(fts5Match(['a"b'])).toBe('"a""b"');
});

it("cuts a marked snippet into plain and marked parts, and indexed text holds no marks", () => {
  expect(snippetParts(`…the ${MARK_START}flood${MARK_END} and <b>${MARK_START}relief${MARK_END}</b>…`)).toEqual([
    { text: "…the ", marked: false },
    { text: "flood", marked: true },
    { text: " and <b>", marked: false },
    { text: "relief", marked: true },
    { text: "</b>…", marked: false },
  ]);
  expect(indexableText(`a${MARK_START}b${MARK_END}c\u202ed\ne`)).toBe("a b c d\ne");
});

it("measures edit distance, stopping past the allowance", () => {
  expect(editDistance("prostetic", "prosthetic", 2)).toBe(1);
  expect(editDistance("clinc", "clinic", 2)).toBe(1);
  expect(editDistance("flod", "food", 1)).toBe(1);
  expect(editDistance("abc", "xyzabc", 2)).toBe(3);
});
