import MarkdownIt from "markdown-it";

/**
 * Article and newsletter text is Markdown (paragraphs, links, **bold**, *italic*, lists), rendered
 * on the server only. Raw HTML is off, so anything an author types as markup shows as text;
 * markdown-it's link check refuses javascript:, vbscript:, file: and data: (other than images)
 * URLs. A single line break is kept as a line break, as authors typed their text before Markdown.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

// Links leave the site in a new context without telling the other site where they came from.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet("rel", "nofollow noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The text as HTML (safe to insert: every character the author typed is escaped or Markdown). */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

/**
 * The text without its Markdown, for previews, share descriptions, feeds and e-mail text parts:
 * "**Gala** night" becomes "Gala night"; a link keeps its words.
 */
export function markdownToText(text: string): string {
  const lines: string[] = [];
  for (const token of markdown.parse(text, {})) {
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
