// The stored-text character rule, stated again independently of app/schemas/field-rules.ts for
// the fuzz tests (README "Input that cannot be", docs/api.md#articles): whether a value, already
// trimmed, holds a character no text field may hold.

const REFUSED_RANGES: [number, number][] = [
  [0x7f, 0x9f], // DEL and the C1 controls
  [0x061c, 0x061c], // Arabic letter mark
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x200b, 0x200b], // zero-width space
  [0x200e, 0x200f], // left-to-right and right-to-left marks
  [0x2028, 0x202e], // line and paragraph separators, bidi embeddings and overrides
  [0x2060, 0x2064], // word joiner and invisible operators
  [0x2066, 0x2069], // bidi isolates
  [0xfeff, 0xfeff], // byte order mark
];

const visible = (ch: string | undefined) =>
  ch !== undefined && /[\p{L}\p{M}\p{N}\p{S}\p{P}\p{Extended_Pictographic}]/u.test(ch);

export function hasRefusedCharacter(value: string, multiline: boolean): boolean {
  const chars = [...value];
  let marks = 0;
  return chars.some((ch, i) => {
    const code = ch.codePointAt(0)!;
    marks = /\p{M}/u.test(ch) ? marks + 1 : 0;
    if (marks > 4) return true;
    if (code < 0x20) return !(multiline && (ch === "\t" || ch === "\n" || ch === "\r"));
    if (REFUSED_RANGES.some(([from, to]) => code >= from && code <= to)) return true;
    // A zero-width joiner or non-joiner only between two visible characters.
    return (code === 0x200c || code === 0x200d) && !(visible(chars[i - 1]) && visible(chars[i + 1]));
  });
}
