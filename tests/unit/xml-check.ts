// A small XML well-formedness check for the feeds' tests (no XML parser is installed): tags
// balance, text holds no raw "<", and every "&" starts a predefined entity.
export function assertWellFormedXml(xml: string): void {
  const invalid =
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(
      xml,
    );
  if (invalid) throw new Error(`Character XML cannot carry: U+${invalid[0].charCodeAt(0).toString(16)}`);
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let rest = body;
  while (rest.length > 0) {
    const lt = rest.indexOf("<");
    const text = lt === -1 ? rest : rest.slice(0, lt);
    const badAmp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.exec(text);
    if (badAmp) throw new Error(`Unescaped & near: ${text.slice(badAmp.index, badAmp.index + 20)}`);
    if (text.includes(">")) throw new Error(`Stray > in text: ${text.slice(0, 40)}`);
    if (lt === -1) break;
    const gt = rest.indexOf(">", lt);
    if (gt === -1) throw new Error("Unterminated tag");
    const tag = rest.slice(lt + 1, gt);
    const match =
      /^(\/)?([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/)?$/.exec(tag);
    if (!match) throw new Error(`Malformed tag: <${tag}>`);
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      stack.push(name);
    }
    rest = rest.slice(gt + 1);
  }
  if (stack.length > 0) throw new Error(`Unclosed: ${stack.join(", ")}`);
}

/** The raw inner text of every <name> element (not nested in itself). */
export function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "g");
  return [...xml.matchAll(pattern)].map((m) => m[1]);
}
