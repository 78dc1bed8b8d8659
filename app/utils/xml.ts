// Characters XML 1.0 forbids even when escaped (most C0 controls, lone surrogates, U+FFFE/F).
// Article text is typed by people and API clients, so one stray control character must not
// make the whole feed unreadable.
const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** Text safe as HTML (for feed fields that readers render as HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => (ch === "'" ? "&#39;" : ENTITIES[ch]));
}

/** RFC 822 date-time as RSS 2.0 wants it, e.g. "Mon, 01 Sep 2025 09:00:00 GMT". */
export function toRfc822(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date.toUTCString();
}
