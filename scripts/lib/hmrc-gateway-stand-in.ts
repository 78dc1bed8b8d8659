import crypto from "node:crypto";
import http from "node:http";
import { listenOnFreePort } from "./ports";

// A small stand-in for HMRC's Transaction Engine (the Charities Online gateway), on loopback, for
// tests: nobody here reaches HMRC. It answers as HMRC's technical pack shows (the GovTalk
// submission protocol): a submit request with an acknowledgement (CorrelationID, ResponseEndPoint
// with PollInterval); a poll with the same acknowledgement until the answer is ready, then a
// response (SuccessResponse with its IRmark receipt), or GovTalkErrors (numbers and text), or a
// business ErrorResponse with an error per donation line, as the test chooses; a delete request
// with a delete response. It records every request it received.

export type StandInOutcome =
  | { kind: "accept" }
  /** GovTalk errors (e.g. 1046 authentication failure), fatal unless `recoverable`. */
  | { kind: "govtalk-error"; errors: { number: string; text: string }[]; recoverable?: boolean }
  /** HMRC's business rules refused the claim: one error per GAD line named (1-based). */
  | { kind: "business-error"; lines: { gad: number; field: string; number: string; text: string }[] };

export interface StandInRequest {
  path: string;
  qualifier: string;
  fn: string;
  correlationId: string;
  body: string;
  contentType: string | undefined;
}

export interface HmrcGatewayStandIn {
  /** The submission address: HMRC_GATEWAY_URL. */
  url: string;
  requests: StandInRequest[];
  /** What the next claims' polls answer (default: accepted). */
  outcome: StandInOutcome;
  /** How many polls are answered "not yet" (an acknowledgement) before the answer. */
  pollsBeforeAnswer: number;
  /** PollInterval, in seconds, sent with each acknowledgement. */
  pollInterval: number;
  /** Submissions received, by correlation id. */
  submissions: Map<string, { body: string; polls: number; outcome: StandInOutcome; deleted: boolean }>;
  close(): Promise<void>;
}

const tag = (xml: string, name: string): string => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? "";

function envelope(options: {
  qualifier: string;
  fn: string;
  correlationId: string;
  endpoint?: string;
  pollInterval?: number;
  errors?: string;
  body?: string;
}): string {
  const endpoint = options.endpoint
    ? `<ResponseEndPoint PollInterval="${options.pollInterval ?? 10}">${options.endpoint}</ResponseEndPoint>`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope">` +
    `<EnvelopeVersion>2.0</EnvelopeVersion><Header><MessageDetails><Class>HMRC-CHAR-CLM</Class>` +
    `<Qualifier>${options.qualifier}</Qualifier><Function>${options.fn}</Function><TransactionID/>` +
    `<CorrelationID>${options.correlationId}</CorrelationID>${endpoint}` +
    `<GatewayTimestamp>${new Date().toISOString().replace("Z", "")}</GatewayTimestamp></MessageDetails><SenderDetails/></Header>` +
    `<GovTalkDetails><Keys/>${options.errors ?? ""}</GovTalkDetails><Body>${options.body ?? ""}</Body></GovTalkMessage>`
  );
}

const govTalkErrors = (errors: { number: string; text: string; type: string }[]) =>
  `<GovTalkErrors>${errors
    .map(
      (error) =>
        `<Error><RaisedBy>Gateway</RaisedBy><Number>${error.number}</Number><Type>${error.type}</Type><Text>${error.text}</Text><Location/></Error>`,
    )
    .join("")}</GovTalkErrors>`;

function answerOf(correlationId: string, body: string, outcome: StandInOutcome): string {
  if (outcome.kind === "accept") {
    const irmark = body.match(/<IRmark Type="generic">([^<]*)</)?.[1] ?? "";
    const receipt = `HMRC has received the HMRC-CHAR-CLM document ref: ${correlationId.slice(0, 14)} at 10.00 on 26/11/2026. The associated IRmark was: ${irmark}. We strongly recommend that you keep this receipt electronically.`;
    return envelope({
      qualifier: "response",
      fn: "submit",
      correlationId,
      body:
        `<SuccessResponse xmlns="http://www.inlandrevenue.gov.uk/SuccessResponse"><IRmarkReceipt>` +
        `<Message code="0000">${receipt}</Message></IRmarkReceipt>` +
        `<Message code="077001">Thank you for your submission</Message><AcceptedTime>2026-11-26T10:00:00.000</AcceptedTime></SuccessResponse>`,
    });
  }
  if (outcome.kind === "govtalk-error") {
    const type = outcome.recoverable ? "recoverable" : "fatal";
    return envelope({
      qualifier: "error",
      fn: "submit",
      correlationId,
      errors: govTalkErrors(outcome.errors.map((error) => ({ ...error, type }))),
    });
  }
  return envelope({
    qualifier: "error",
    fn: "submit",
    correlationId,
    errors: govTalkErrors([
      {
        number: "3001",
        type: "fatal",
        text: "The submission of this document has failed due to departmental specific business logic in the Body tag.",
      },
    ]),
    body:
      `<ErrorResponse xmlns="http://www.govtalk.gov.uk/CM/errorresponse" SchemaVersion="2.0"><Application><MessageCount>${outcome.lines.length}</MessageCount></Application>` +
      outcome.lines
        .map(
          (line) =>
            `<Error><RaisedBy>ChRIS</RaisedBy><Number>${line.number}</Number><Type>business</Type><Text>${line.text}</Text>` +
            `<Location>/hd:GovTalkMessage[1]/hd:Body[1]/r68:IRenvelope[1]/r68:R68[1]/r68:Claim[1]/r68:Repayment[1]/r68:GAD[${line.gad}]/r68:Donor[1]/r68:${line.field}[1]</Location></Error>`,
        )
        .join("") +
      "</ErrorResponse>",
  });
}

export async function startHmrcGatewayStandIn(
  options: {
    pollInterval?: number;
    pollsBeforeAnswer?: number;
    /** A fixed port (default: any free one). */ port?: number;
  } = {},
): Promise<HmrcGatewayStandIn> {
  const state: HmrcGatewayStandIn = {
    url: "",
    requests: [],
    outcome: { kind: "accept" },
    pollsBeforeAnswer: options.pollsBeforeAnswer ?? 0,
    pollInterval: options.pollInterval ?? 1,
    submissions: new Map(),
    close: async () => {},
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      const recorded: StandInRequest = {
        path,
        qualifier: tag(body, "Qualifier"),
        fn: tag(body, "Function"),
        correlationId: tag(body, "CorrelationID"),
        body,
        contentType: request.headers["content-type"],
      };
      state.requests.push(recorded);
      const send = (xml: string) => {
        response.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" });
        response.end(xml);
      };
      const pollUrl = `${state.url.replace(/\/submission$/, "")}/poll`;
      if (request.method !== "POST") {
        response.writeHead(405);
        response.end();
        return;
      }
      if (recorded.qualifier === "request" && recorded.fn === "submit") {
        const correlationId = crypto.randomBytes(16).toString("hex").toUpperCase();
        state.submissions.set(correlationId, { body, polls: 0, outcome: state.outcome, deleted: false });
        send(
          envelope({
            qualifier: "acknowledgement",
            fn: "submit",
            correlationId,
            endpoint: pollUrl,
            pollInterval: state.pollInterval,
          }),
        );
        return;
      }
      const submission = state.submissions.get(recorded.correlationId);
      if (!submission) {
        send(
          envelope({
            qualifier: "error",
            fn: recorded.fn,
            correlationId: recorded.correlationId,
            errors: govTalkErrors([{ number: "2000", type: "fatal", text: "Correlation ID not found." }]),
          }),
        );
        return;
      }
      if (recorded.qualifier === "poll") {
        submission.polls += 1;
        if (submission.polls <= state.pollsBeforeAnswer) {
          send(
            envelope({
              qualifier: "acknowledgement",
              fn: "submit",
              correlationId: recorded.correlationId,
              endpoint: pollUrl,
              pollInterval: state.pollInterval,
            }),
          );
          return;
        }
        send(answerOf(recorded.correlationId, submission.body, submission.outcome));
        return;
      }
      if (recorded.qualifier === "request" && recorded.fn === "delete") {
        submission.deleted = true;
        send(envelope({ qualifier: "response", fn: "delete", correlationId: recorded.correlationId }));
        return;
      }
      response.writeHead(400);
      response.end();
    });
  });
  let port = options.port;
  if (port === undefined) port = await listenOnFreePort(server);
  else await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${port}/submission`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
