import crypto from "node:crypto";
import type * as XmlDom from "@xmldom/xmldom";
import type { Document, Element } from "@xmldom/xmldom";
import type * as XmlCrypto from "xml-crypto";
import { loadOnFirstUse } from "./load-on-first-use.server";
import { xmlText } from "./ods.server";

/** The XML parser and canonicaliser, loaded with the first GovTalk message (loadOnFirstUse). */
const xmlDom = loadOnFirstUse<typeof XmlDom>("@xmldom/xmldom");
const xmlCrypto = loadOnFirstUse<typeof XmlCrypto>("xml-crypto");

// HMRC's GovTalk envelope (the Transaction Engine's message protocol): writing a request, the
// IRmark of its body, and reading the gateway's answers (acknowledgement, response, error).
// What a message carries (the R68 claim) is the service's business; this module knows only the
// envelope. Messages are written without indentation, so there is no whitespace to argue about.

export const GOVTALK_NS = "http://www.govtalk.gov.uk/CM/envelope";
const PASSWORD_MASK = "********";

/** An element with its children, written as text; `null`/`undefined` children are left out. */
export type XmlNode = string | XmlElement | null | undefined | false;
export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  children?: XmlNode[];
  /** Text content (escaped); used when there are no children. */
  text?: string;
}

export function el(name: string, content?: string | XmlNode[], attrs?: Record<string, string>): XmlElement {
  return typeof content === "string" ? { name, text: content, attrs } : { name, children: content, attrs };
}

export function writeXml(node: XmlNode): string {
  if (!node) return "";
  if (typeof node === "string") return node;
  const attrs = Object.entries(node.attrs ?? {})
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join("");
  const inner = node.children ? node.children.map(writeXml).join("") : xmlText(node.text ?? "");
  return inner === "" ? `<${node.name}${attrs}/>` : `<${node.name}${attrs}>${inner}</${node.name}>`;
}

export interface GovTalkRequest {
  className: string;
  qualifier: "request" | "poll";
  fn: "submit" | "delete";
  correlationId?: string;
  gatewayTest: boolean;
  /** Sender id and password: sent with a submission only (polls and deletes go by correlation id). */
  sender?: { id: string; password: string };
  keys?: { type: string; value: string }[];
  channel?: { vendorId: string; product: string; version: string; timestamp: string };
  /** The Body's content, already written. */
  body?: string;
}

/** The whole GovTalk message, as sent. */
export function govTalkMessage(request: GovTalkRequest): string {
  const message = el(
    "GovTalkMessage",
    [
      el("EnvelopeVersion", "2.0"),
      el("Header", [
        el("MessageDetails", [
          el("Class", request.className),
          el("Qualifier", request.qualifier),
          el("Function", request.fn),
          el("CorrelationID", request.correlationId ?? ""),
          el("Transformation", "XML"),
          el("GatewayTest", request.gatewayTest ? "1" : "0"),
        ]),
        el(
          "SenderDetails",
          request.sender
            ? [
                el("IDAuthentication", [
                  el("SenderID", request.sender.id),
                  el("Authentication", [
                    el("Method", "clear"),
                    el("Role", "principal"),
                    el("Value", request.sender.password),
                  ]),
                ]),
              ]
            : [],
        ),
      ]),
      el("GovTalkDetails", [
        el(
          "Keys",
          (request.keys ?? []).map((key) => el("Key", key.value, { Type: key.type })),
        ),
        request.channel && el("TargetDetails", [el("Organisation", "IR")]),
        request.channel &&
          el("ChannelRouting", [
            el("Channel", [
              el("URI", request.channel.vendorId),
              el("Product", request.channel.product),
              el("Version", request.channel.version),
            ]),
            el("Timestamp", request.channel.timestamp),
          ]),
      ]),
      request.body ? `<Body>${request.body}</Body>` : el("Body", []),
    ],
    { xmlns: GOVTALK_NS },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>${writeXml(message)}`;
}

/** The message as kept in the database: the password replaced, everything else as sent. */
export function withoutPassword(message: string, password: string): string {
  return message.replace(`<Value>${xmlText(password)}</Value>`, `<Value>${PASSWORD_MASK}</Value>`);
}

function parse(xml: string): Document {
  const { DOMParser } = xmlDom();
  return new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") throw new Error(`Not well-formed XML: ${message}`);
    },
  }).parseFromString(xml, "text/xml");
}

const childElements = (node: Element | Document): Element[] =>
  (Array.from(node.childNodes) as unknown as Element[]).filter((child) => child.nodeType === 1);

const firstByLocalName = (node: Element | Document, name: string): Element | null =>
  (Array.from(node.getElementsByTagNameNS("*", name)) as Element[])[0] ?? null;

const textOf = (node: Element | Document, name: string): string | null => {
  const found = firstByLocalName(node, name);
  return found ? (found.textContent ?? "").trim() : null;
};

/**
 * The IRmark of a GovTalk message: its Body, with the namespaces in scope there, without the
 * IRmark element, canonicalised by inclusive C14N (xml-crypto), hashed with SHA-1, in base64.
 */
export function irmarkOf(message: string): string {
  const doc = parse(message);
  const body = firstByLocalName(doc, "Body");
  if (!body || body.namespaceURI !== GOVTALK_NS) throw new Error("The message has no GovTalk Body.");
  for (const mark of Array.from(body.getElementsByTagNameNS("*", "IRmark")) as Element[]) {
    mark.parentNode?.removeChild(mark);
  }
  // Prefixed namespaces declared above the Body are in scope in it (the default one, which the
  // Body element itself uses, is rendered by the canonicaliser).
  const ancestorNamespaces: { prefix: string; namespaceURI: string }[] = [];
  for (let node = body.parentNode as Element | null; node && node.nodeType === 1; node = node.parentNode as Element) {
    for (const attr of Array.from(node.attributes)) {
      if (attr.prefix === "xmlns" && !ancestorNamespaces.some((ns) => ns.prefix === attr.localName)) {
        ancestorNamespaces.push({ prefix: attr.localName!, namespaceURI: attr.value });
      }
    }
  }
  const { C14nCanonicalization } = xmlCrypto();
  const canonical = new C14nCanonicalization().process(body as unknown as Node, { ancestorNamespaces });
  return crypto.createHash("sha1").update(canonical, "utf8").digest("base64");
}

/** Writes the IRmark into the message's empty `<IRmark Type="generic"/>`; the message and its mark. */
export function withIrmark(message: string): { message: string; irmark: string } {
  const placeholder = '<IRmark Type="generic"/>';
  if (!message.includes(placeholder)) throw new Error("The message has no IRmark placeholder.");
  const irmark = irmarkOf(message);
  return { message: message.replace(placeholder, `<IRmark Type="generic">${irmark}</IRmark>`), irmark };
}

/** One error the gateway or HMRC's back end reported. */
export interface GatewayError {
  number: string;
  type: string;
  text: string;
  location: string | null;
  raisedBy: string | null;
}

export type GatewayAnswer =
  | { kind: "acknowledgement"; correlationId: string; endpoint: string | null; pollIntervalSeconds: number | null }
  | { kind: "response"; correlationId: string; receipt: string; acceptedAt: string | null }
  | { kind: "error"; correlationId: string; errors: GatewayError[]; recoverable: boolean }
  | { kind: "deleted"; correlationId: string }
  | { kind: "unreadable"; reason: string };

function errorsIn(node: Element): GatewayError[] {
  return childElements(node)
    .filter((child) => child.localName === "Error")
    .map((error) => ({
      number: textOf(error, "Number") ?? "",
      type: textOf(error, "Type") ?? "",
      text: textOf(error, "Text") ?? "",
      location: textOf(error, "Location"),
      raisedBy: textOf(error, "RaisedBy"),
    }));
}

/** What the gateway answered, read from its XML. */
export function readGatewayAnswer(xml: string): GatewayAnswer {
  let doc: Document;
  try {
    doc = parse(xml);
  } catch (error) {
    return { kind: "unreadable", reason: error instanceof Error ? error.message : String(error) };
  }
  const root = doc.documentElement;
  if (!root || root.localName !== "GovTalkMessage") return { kind: "unreadable", reason: "Not a GovTalk message" };
  const details = firstByLocalName(root, "MessageDetails");
  const qualifier = details ? textOf(details, "Qualifier") : null;
  const fn = details ? textOf(details, "Function") : null;
  const correlationId = (details && textOf(details, "CorrelationID")) ?? "";
  if (qualifier === "acknowledgement") {
    const endpoint = details ? firstByLocalName(details, "ResponseEndPoint") : null;
    const interval = endpoint?.getAttribute("PollInterval");
    return {
      kind: "acknowledgement",
      correlationId,
      endpoint: endpoint ? (endpoint.textContent ?? "").trim() || null : null,
      pollIntervalSeconds: interval && /^\d+$/.test(interval) ? Number(interval) : null,
    };
  }
  if (qualifier === "response" && fn === "delete") return { kind: "deleted", correlationId };
  if (qualifier === "response") {
    const success = firstByLocalName(root, "SuccessResponse");
    if (!success) return { kind: "unreadable", reason: "A response without a SuccessResponse" };
    const receipt = firstByLocalName(success, "IRmarkReceipt");
    return {
      kind: "response",
      correlationId,
      receipt: receipt ? (textOf(receipt, "Message") ?? "") : "",
      acceptedAt: textOf(success, "AcceptedTime"),
    };
  }
  if (qualifier === "error") {
    const govTalkErrors = firstByLocalName(root, "GovTalkErrors");
    const errors = govTalkErrors ? errorsIn(govTalkErrors) : [];
    // A business rejection: GovTalk's 3001 points to HMRC's ErrorResponse in the Body.
    const errorResponse = firstByLocalName(root, "ErrorResponse");
    const business = errorResponse ? errorsIn(errorResponse) : [];
    const all = business.length > 0 ? [...errors.filter((e) => e.number !== "3001"), ...business] : errors;
    return {
      kind: "error",
      correlationId,
      errors: all,
      recoverable: all.length > 0 && all.every((error) => error.type === "recoverable"),
    };
  }
  return { kind: "unreadable", reason: `Unexpected qualifier ${qualifier ?? "(none)"}` };
}
