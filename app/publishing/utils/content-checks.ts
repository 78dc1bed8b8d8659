import MarkdownIt from "markdown-it";

/**
 * The checks a page's Markdown must pass before it is published (issue 52, docs/site-editor.md):
 * nothing goes public that a screen reader or a keyboard user would stumble on. A pure function
 * with no server code, so any domain (pages, projects, publications) can call it, and the same
 * words show in a form's error summary.
 *
 * - Every image has alt text. An image that only decorates is marked so on purpose, with an empty
 *   alt and the title `decorative`: `![](/images/swirl.svg "decorative")` (the renderer then drops
 *   the title, and the image is skipped by screen readers). An empty alt without that mark is a
 *   problem: decorative by choice, never by omission.
 * - Heading levels do not jump (an h2 may be followed by an h3, not by an h4).
 * - No link says only "click here", "here", "read more" (and the like) or is a bare address:
 *   a link's words say where it goes.
 * - No heading or link is empty.
 * - The page has one h1: from its body (`# Title`), or, when the layout prints the h1 from a title
 *   field (`titleIsH1`), the body starts at h2 and has no h1 of its own.
 *
 * The parser is set up as the site's renderer (app/infra/markdown.server.ts): raw HTML off and
 * bare addresses made into links, so what is checked is what visitors get.
 */

export interface ContentCheckOptions {
  /**
   * The page's layout prints its h1 from a title field: the body's headings start at h2 and the
   * body must not have an h1 of its own. Default false: the body supplies the h1.
   */
  titleIsH1?: boolean;
  /**
   * The body is one part of a page whose h1 and headings come from elsewhere (an FAQ answer, a
   * card's text): no h1 is required, and `baseLevel` is the heading level the part sits under.
   */
  fragment?: boolean;
  /** With `fragment`: the level of the heading this part sits under (default 2). */
  baseLevel?: number;
  /** A name for the field, put before each message ("Answer 2: ..."), for forms with several. */
  field?: string;
}

export type ContentProblemCode =
  "image-alt" | "heading-jump" | "heading-empty" | "link-empty" | "link-vague" | "link-bare-url" | "no-h1" | "extra-h1";

export interface ContentProblem {
  code: ContentProblemCode;
  /** What is wrong and how to fix it, in words for the error summary. */
  message: string;
  /** The line of the Markdown (1-based) where the problem is, when known. */
  line?: number;
}

/** The title that marks an image with an empty alt as decorative on purpose. */
export const DECORATIVE_IMAGE_TITLE = "decorative";

/** Link words that do not say where the link goes. */
const VAGUE_LINK_TEXTS = new Set([
  "click here",
  "click",
  "here",
  "read more",
  "more",
  "link",
  "this link",
  "click this link",
  "this",
  "find out more",
  "learn more",
  "more info",
  "more information",
]);

const parser = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

type Token = ReturnType<MarkdownIt["parse"]>[number];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/^[\s.,:;!?…"'“”‘’()[\]-]+|[\s.,:;!?…"'“”‘’()[\]-]+$/g, "")
    .trim();
}

function looksLikeAddress(text: string, href: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (t === href || `mailto:${t}` === href) return /^(https?:|www\.)/i.test(t);
  return /^(https?:\/\/|www\.)\S+$/i.test(t);
}

/** The problems that stop `markdown` from being published; an empty list when there are none. */
export function checkContent(markdown: string, opts: ContentCheckOptions = {}): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const prefix = opts.field ? `${opts.field}: ` : "";
  const add = (code: ContentProblemCode, message: string, line?: number) =>
    problems.push({ code, message: `${prefix}${message}`, ...(line ? { line } : {}) });

  const tokens = parser.parse(markdown ?? "", {});
  const start = opts.fragment ? (opts.baseLevel ?? 2) : opts.titleIsH1 ? 1 : 0;
  let previousLevel = start;
  let h1Count = 0;
  let lastLine: number | undefined;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.map) lastLine = token.map[0] + 1;
    if (token.type === "heading_open") {
      const level = Number(token.tag.slice(1));
      const inline = tokens[i + 1];
      const words = inline?.type === "inline" ? inlineText(inline.children ?? []) : "";
      const line = token.map ? token.map[0] + 1 : lastLine;
      if (!words.trim()) add("heading-empty", `A heading (level ${level}) has no words. Write it or remove it.`, line);
      if (level === 1) {
        h1Count++;
        if (opts.titleIsH1 || opts.fragment) {
          add(
            "extra-h1",
            `"${words.trim() || "#"}" is a main heading (#), but the page's title is its main heading already. Start this text's headings at ## (level ${start + 1}).`,
            line,
          );
        } else if (h1Count > 1) {
          add(
            "extra-h1",
            `"${words.trim()}" is a second main heading (#). A page has one; use ## for its sections.`,
            line,
          );
        }
      } else if (previousLevel > 0 || opts.titleIsH1 || opts.fragment) {
        if (level > previousLevel + 1) {
          add(
            "heading-jump",
            `The heading "${words.trim()}" jumps from level ${previousLevel} to level ${level}. Use level ${previousLevel + 1} (${"#".repeat(previousLevel + 1)}).`,
            line,
          );
        }
      } else if (level > 2) {
        add(
          "heading-jump",
          `The heading "${words.trim()}" is at level ${level} before any heading above it. Start with # (the page's main heading).`,
          line,
        );
      }
      previousLevel = level;
      continue;
    }
    if (token.type === "inline") checkInline(token.children ?? [], token.map ? token.map[0] + 1 : lastLine, add);
  }

  if (!opts.titleIsH1 && !opts.fragment && h1Count === 0) {
    add("no-h1", "The page has no main heading. Start it with one line beginning with # (for example: # About us).");
  }
  return problems;
}

function inlineText(children: Token[]): string {
  return children
    .map((child) =>
      child.type === "text" || child.type === "code_inline"
        ? child.content
        : child.type === "image"
          ? child.content
          : child.type === "softbreak" || child.type === "hardbreak"
            ? " "
            : "",
    )
    .join("");
}

function checkInline(
  children: Token[],
  line: number | undefined,
  add: (code: ContentProblemCode, message: string, line?: number) => void,
) {
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === "image") {
      const alt = inlineText(child.children ?? []).trim();
      const title = (child.attrGet("title") ?? "").trim().toLowerCase();
      const src = child.attrGet("src") ?? "";
      if (!alt && title !== DECORATIVE_IMAGE_TITLE) {
        add(
          "image-alt",
          `The image ${src || "(no address)"} has no alt text. Say what it shows: ![what it shows](${src}), or mark it decorative on purpose: ![](${src} "decorative").`,
          line,
        );
      }
      continue;
    }
    if (child.type !== "link_open") continue;
    const href = child.attrGet("href") ?? "";
    const inner: Token[] = [];
    let depth = 1;
    let j = i + 1;
    for (; j < children.length; j++) {
      if (children[j].type === "link_open") depth++;
      if (children[j].type === "link_close" && --depth === 0) break;
      inner.push(children[j]);
    }
    const words = inlineText(inner).trim();
    if (!words) {
      add(
        "link-empty",
        `A link to ${href || "(no address)"} has no words. Write what it leads to between the [ ].`,
        line,
      );
    } else if (looksLikeAddress(words, href)) {
      add(
        "link-bare-url",
        `The link ${words} shows its bare address. Give it words that say where it goes: [the charity's annual report](${href}).`,
        line,
      );
    } else if (VAGUE_LINK_TEXTS.has(normalise(words))) {
      add(
        "link-vague",
        `The link "${words}" does not say where it goes. Use words that make sense on their own, like [read our annual report](${href}).`,
        line,
      );
    }
    i = j;
  }
}
