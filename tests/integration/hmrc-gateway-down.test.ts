import http from "node:http";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import * as hmrc from "~/gift-aid/services/hmrc-submissions.server";
import { setClock } from "~/infra/clock.server";
import { startHmrcGatewayStandIn, type HmrcGatewayStandIn } from "../../scripts/lib/hmrc-gateway-stand-in";
import { listenOnFreePort } from "../../scripts/lib/ports";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { saveClaimantSettings } from "./hmrc-settings-support";

// HMRC's gateway down, hanging, or answering garbage, as the production server meets it: this
// file replaces the global fetch with Remix's polyfill exactly as remix-serve does (installGlobals),
// so a client that leaned on the global fetch would crash or skip its retries here as it did there.
// Every case ends in a recorded state with words for staff; a refused connection is tried again.

// The environment this file runs with, and Remix's fetch, set before its imports run (vi.hoisted):
// the gateway's address is a port nothing listens on (yet).
const port = await vi.hoisted(async () => {
  const { installGlobals } = await import("@remix-run/node");
  const { freePort } = await import("../../scripts/lib/ports");
  installGlobals();
  const port = await freePort();
  const { setHmrcGatewayEnv } = await import("./hmrc-env-support");
  setHmrcGatewayEnv(`http://127.0.0.1:${port}/submission`, "0");
  return port;
});

/** A gateway of our own making: `answer` decides what each request gets. */
async function fakeGateway(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => answer(request, response));
  });
  const port = await listenOnFreePort(server);
  return {
    url: `http://127.0.0.1:${port}/submission`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let standIn: HmrcGatewayStandIn | undefined;
afterAll(() => standIn?.close());

let clock = 0;
beforeEach(async () => {
  await resetDatabase();
  clock = Date.parse("2026-11-26T10:00:00.000Z");
  setClock(() => clock);
  await saveClaimantSettings();
});
afterEach(() => setClock(null));

async function startedSubmission() {
  const { pledge } = await pledgeWithDeclaration({
    declaredAt: "2026-02-10T12:00:00.000Z",
    firstName: "Ann",
    lastName: "Donor",
    house: "12",
  });
  await recordPaymentForTest(pledge.id, "2026-03-05", 2500);
  const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
  const submission = await hmrc.startSubmission(claim.id, "admin", { drive: false });
  return { claim, submission };
}

const latest = async (claimId: number) => (await hmrc.submissionsOfClaim(claimId))[0].submission;

describe("HMRC's gateway", () => {
  it("refusing connections: nothing was sent, it is tried again, and goes through once the gateway is back", async () => {
    const { claim } = await startedSubmission();
    expect(await hmrc.runDueSubmissions()).toEqual(["submitted"]);
    let now = await latest(claim.id);
    expect(now).toMatchObject({ state: "submitted", attempts: 1, sentAt: null });
    expect(now.problem).toMatch(
      /HMRC's gateway could not be reached .*Nothing was sent: it is tried again every 30 seconds \(try 1 of 10\)/,
    );

    // Not before the 30 seconds are up; a second refusal counts another try.
    clock += 10_000;
    expect(await hmrc.runDueSubmissions()).toEqual([]);
    clock += 20_000;
    expect(await hmrc.runDueSubmissions()).toEqual(["submitted"]);
    expect((await latest(claim.id)).problem).toMatch(/try 2 of 10/);

    // The gateway is back on its address: the next try is acknowledged and HMRC accepts.
    standIn = await startHmrcGatewayStandIn({ pollInterval: 1, port });
    clock += 30_000;
    expect(await hmrc.runDueSubmissions()).toEqual(["polling"]);
    clock += 2_000;
    expect(await hmrc.runDueSubmissions()).toEqual(["accepted"]);
    now = await latest(claim.id);
    expect(now).toMatchObject({ state: "accepted", problem: null });
    expect(standIn.requests.filter((r) => r.fn === "submit" && r.qualifier === "request")).toHaveLength(1);
  });

  it("hanging after the post: the call ends at the timeout, as an error staff can act on", async () => {
    const hanging = await fakeGateway(() => {
      /* never answers */
    });
    try {
      const { claim, submission } = await startedSubmission();
      const config = { ...hmrc.hmrcConfig()!, gatewayUrl: hanging.url, timeoutMs: 300 };
      expect(await hmrc.advanceSubmission(submission.id, { config })).toBe("error");
      const now = await latest(claim.id);
      expect(now.state).toBe("error");
      expect(now.problem).toMatch(
        /The claim was sent, but HMRC's gateway gave no usable answer \(No answer within 0.3 s\)/,
      );
      expect(now.problem).toMatch(/check Charities Online for it before sending this batch again/);
      // It may have reached HMRC: never posted twice by itself.
      clock += 60_000;
      expect(await hmrc.runDueSubmissions()).toEqual([]);
    } finally {
      await hanging.close();
    }
  });

  it("answering garbage (an error page, a 502): recorded as not completed, with what came back kept", async () => {
    const garbage = await fakeGateway((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<html><body>Service temporarily unavailable</body>");
    });
    const badGateway = await fakeGateway((_request, response) => {
      response.writeHead(502, { "Content-Type": "text/plain" });
      response.end("Bad Gateway");
    });
    try {
      const first = await startedSubmission();
      const config = { ...hmrc.hmrcConfig()!, gatewayUrl: garbage.url };
      expect(await hmrc.advanceSubmission(first.submission.id, { config })).toBe("error");
      const [view] = await hmrc.submissionsOfClaim(first.claim.id);
      expect(view.submission.problem).toMatch(/HMRC's gateway answered with something that is not a GovTalk answer/);
      expect(view.messages.map((m) => `${m.direction} ${m.kind}`)).toEqual(["sent submit", "received submit"]);
      expect(view.messages[1].xml).toContain("Service temporarily unavailable");

      await resetDatabase();
      const second = await startedSubmission();
      const config502 = { ...hmrc.hmrcConfig()!, gatewayUrl: badGateway.url };
      expect(await hmrc.advanceSubmission(second.submission.id, { config: config502 })).toBe("error");
      expect((await latest(second.claim.id)).problem).toMatch(
        /gave no usable answer \(the gateway answered HTTP 502\)/,
      );
    } finally {
      await garbage.close();
      await badGateway.close();
    }
  });

  it("answering garbage to a poll: HMRC has the claim, so it is asked again later", async () => {
    let polls = 0;
    const flaky = await fakeGateway((request, response) => {
      response.writeHead(200, { "Content-Type": "text/xml" });
      if (polls++ === 0) {
        // The first call is the submit: acknowledged.
        response.end(
          `<?xml version="1.0"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Header><MessageDetails><Qualifier>acknowledgement</Qualifier><Function>submit</Function><CorrelationID>ABC123</CorrelationID><ResponseEndPoint PollInterval="1">http://${request.headers.host}/poll</ResponseEndPoint></MessageDetails></Header></GovTalkMessage>`,
        );
      } else response.end("not xml at all");
    });
    try {
      const { claim, submission } = await startedSubmission();
      const config = { ...hmrc.hmrcConfig()!, gatewayUrl: flaky.url };
      expect(await hmrc.advanceSubmission(submission.id, { config })).toBe("polling");
      clock += 2_000;
      expect(await hmrc.advanceSubmission(submission.id, { config })).toBe("polling");
      expect((await latest(claim.id)).problem).toMatch(
        /HMRC has the claim, but its gateway's answer could not be read/,
      );
    } finally {
      await flaky.close();
    }
  });
});
