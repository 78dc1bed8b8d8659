import type MarkdownIt from "markdown-it";
import { loadOnFirstUse } from "./load-on-first-use.server";

const markdownIt = loadOnFirstUse<typeof MarkdownIt>("markdown-it");

let instance: MarkdownIt | undefined;

/**
 * Article and newsletter text is Markdown (paragraphs, links, **bold**, *italic*, lists), rendered
 * on the server only. Raw HTML is off, so anything an author types as markup shows as text;
 * markdown-it's link check refuses javascript:, vbscript:, file: and data: (other than images)
 * URLs. A single line break is kept as a line break, as authors typed their text before Markdown.
 * Set up with the first text (loadOnFirstUse).
 */
function markdown(): MarkdownIt {
  if (instance) return instance;
  const Markdown = markdownIt();
  const md = new Markdown({ html: false, linkify: true, breaks: true, typographer: false });
  // Links leave the site in a new context without telling the other site where they came from.
  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    tokens[idx].attrSet("rel", "nofollow noopener");
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  // An image marked decorative on purpose (![](src "decorative"), app/publishing/utils/content-checks.ts)
  // keeps its empty alt and loses the title, so screen readers skip it and no tooltip shows.
  const defaultImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if ((token.attrGet("title") ?? "").trim().toLowerCase() === "decorative" && !token.content.trim()) {
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== "title");
    }
    return defaultImage(tokens, idx, options, env, self);
  };
  instance = md;
  return md;
}

/** The text as HTML (safe to insert: every character the author typed is escaped or Markdown). */
export function renderMarkdown(text: string): string {
  return markdown().render(text);
}

/**
 * The text without its Markdown, for previews, share descriptions, feeds and e-mail text parts:
 * "**Gala** night" becomes "Gala night"; a link keeps its words.
 */
export function markdownToText(text: string): string {
  const lines: string[] = [];
  for (const token of markdown().parse(text, {})) {
    if (token.type !== "inline") continue;
    const words = (token.children ?? [])
      .map((child) =>
        child.type === "text" || child.type === "code_inline"
          ? child.content
          : child.type === "softbreak" || child.type === "hardbreak"
            ? "\n"
            : "",
      )
      .join("");
    if (words.trim()) lines.push(words);
  }
  return lines.join("\n\n");
}

/**
 * The text as the plain-text part of an e-mail: like markdownToText, but a link keeps its
 * address after its words ("the report (https://…)") and list items keep a "- " or "1. ".
 */
export function markdownToMailText(text: string): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let prefix = "";
  for (const token of markdown().parse(text, {})) {
    if (token.type === "bullet_list_open") lists.push({ ordered: false, next: 1 });
    else if (token.type === "ordered_list_open")
      lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1) });
    else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") lists.pop();
    else if (token.type === "list_item_open") {
      const list = lists[lists.length - 1];
      prefix = `${"  ".repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.next++}.` : "-"} `;
    } else if (token.type === "inline") {
      let href: string | null = null;
      let words = "";
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") words += child.content;
        else if (child.type === "softbreak" || child.type === "hardbreak") words += "\n";
        else if (child.type === "link_open") href = child.attrGet("href");
        else if (child.type === "link_close") {
          // A bare address (linkify) already shows itself.
          if (href && !words.endsWith(href)) words += ` (${href})`;
          href = null;
        }
      }
      if (words.trim()) blocks.push(`${prefix}${words}`);
      prefix = "";
    }
  }
  // List items sit on consecutive lines; other blocks are separated by an empty line.
  return blocks.reduce((out, block, i) => {
    if (i === 0) return block;
    const listLine = /^\s*(-|\d+\.) /;
    return out + (listLine.test(block) && listLine.test(blocks[i - 1]) ? "\n" : "\n\n") + block;
  }, "");
}
