// Long because a claim's whole trip to HMRC is here: what would be sent (lines held back by HMRC's
// rules), starting a submission, and the worker that moves it on (submit, poll, delete) under a
// lease, resumed after a restart, with every message kept.
import crypto from "node:crypto";
import { backgroundWorker } from "~/infra/background-worker.server";
import { londonToday, nowIsoString } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv, type HmrcConfig } from "~/infra/env.server";
import { readGatewayAnswer, withoutPassword, type GatewayAnswer, type GatewayError } from "~/infra/govtalk.server";
import { xmlText } from "~/infra/ods.server";
import { logger } from "~/infra/logger.server";
import { OutboundHttpError, postText } from "~/infra/outbound-http.server";
import { recordAudit } from "~/site/index.server";
import { getClaim, listClaimItems, type ClaimItem } from "~/gift-aid/models/gift-aid.server";
import {
  getSubmission,
  insertMessage,
  insertSubmission,
  latestSubmissionOfClaims,
  listLiveSubmissionIds,
  nextLiveSubmissionDue,
  releaseLease,
  listGasdsOfSubmissions,
  listMessages,
  listSubmissionsOfClaim,
  removeClaimItems,
  setClaimAcceptedByHmrc,
  takeLease,
  updateUnderLease,
  type HmrcMessage,
  type HmrcSubmission,
} from "~/gift-aid/models/hmrc-submission.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { claimLineProblems, HMRC_LIMITS, regulatorOf, type ClaimLine } from "~/gift-aid/utils/hmrc-claim-rules";
import { formatPence } from "~/utils/money";
import { taxYearLabel, taxYearOf } from "~/utils/tax-year";
import { getCharitySettings } from "~/site/index.server";
import { smallDonationsYear } from "./small-donations.server";
import { deleteMessage, pollMessage, r68Submission, type R68Claim } from "./hmrc-claim-message.server";
import { Refusal } from "~/utils/refusal";

export class HmrcSubmissionError extends Refusal {}

/** Said with everything about a test submission (HMRC_GATEWAY_TEST=1). */
export const TEST_NOTE = "A test (HMRC's test service checks it and claims nothing)";

/** How long a worker may hold a submission before another may take it over. */
export const LEASE_MS = 60_000;
/** A network failure before HMRC answered: tries again after this, at most this many times. */
const RETRY_MS = 30_000;
const MAX_ATTEMPTS = 10;
const PASSWORD_MASK = "<Value>********</Value>";

/** HMRC's gateway settings, or null when the site does not send claims itself. */
export function hmrcConfig(): HmrcConfig | null {
  return getEnv().hmrc;
}

/** Which gateway claims go to: HMRC's production one, its test service (nothing claimed), or none. */
export function hmrcGateway(): "production" | "test" | null {
  const config = hmrcConfig();
  return config ? (config.gatewayTest ? "test" : "production") : null;
}

export interface HeldBackLine {
  itemId: number;
  declarationId: number;
  donor: string;
  amountPence: number;
  problems: string[];
}

/** The small donations (GASDS) that can go with this claim: the tax year of its period end. */
export interface GasdsOffer {
  year: number;
  label: string;
  /** What is claimed on (HMRC pays 25% of it). */
  amountPence: number;
  topUpPence: number;
}

export interface SubmissionPlan {
  lines: ClaimItem[];
  heldBack: HeldBackLine[];
  totalPence: number;
  giftAidPence: number;
  adjustmentPence: number;
  /** Why nothing can be sent yet (Settings missing, nothing left), in words; empty when it can. */
  blockers: string[];
  /** Small donations of the claim's tax year not yet claimed through this site, or null. */
  gasds: GasdsOffer | null;
}

/** GASDS years already claimed (or being claimed) through a submission. */
async function gasdsYearsClaimed(db: DB): Promise<Set<number>> {
  const rows = await listGasdsOfSubmissions(db);
  return new Set(rows.map((row) => (JSON.parse(row) as { year: number }).year));
}

async function gasdsOffer(db: DB, periodEnd: string | null): Promise<GasdsOffer | null> {
  if (!periodEnd) return null;
  const year = taxYearOf(periodEnd);
  if ((await gasdsYearsClaimed(db)).has(year)) return null;
  const { claim } = await smallDonationsYear(year, db);
  if (claim.claimablePence <= 0) return null;
  return { year, label: taxYearLabel(year), amountPence: claim.claimablePence, topUpPence: claim.topUpPence };
}

const lineOf = (item: ClaimItem): ClaimLine => ({
  title: item.title,
  firstName: item.firstName,
  lastName: item.lastName,
  house: item.houseNameOrNumber,
  postcode: item.postcode,
  donationDate: item.donationDate,
  amountPence: item.amountPence,
});

/** What "Submit to HMRC" would send for the batch: its lines, those held back and why, the figures. */
export async function planSubmission(
  claimId: number,
  db: DB = getDb(),
  /** Read outside any transaction (the Settings cache needs the database itself). */
  settings?: CharitySettings,
): Promise<SubmissionPlan> {
  const claim = await getClaim(db, claimId);
  if (!claim) throw new HmrcSubmissionError("There is no such claim batch.", 404);
  const items = await listClaimItems(db, claimId);
  const today = londonToday();
  const lines: ClaimItem[] = [];
  const heldBack: HeldBackLine[] = [];
  for (const item of items) {
    const problems = claimLineProblems(lineOf(item), today);
    if (lines.length >= HMRC_LIMITS.linesPerClaim && problems.length === 0) {
      problems.push(`HMRC takes at most ${HMRC_LIMITS.linesPerClaim} lines in one claim: claim it in the next batch`);
    }
    if (problems.length === 0) lines.push(item);
    else {
      heldBack.push({
        itemId: item.id,
        declarationId: item.declarationId,
        donor: `${item.firstName} ${item.lastName}`,
        amountPence: item.amountPence,
        problems,
      });
    }
  }
  const totalPence = lines.reduce((sum, item) => sum + item.amountPence, 0);
  const blockers: string[] = [];
  if (!hmrcConfig()) blockers.push("Sending claims to HMRC is not set up on this server (HMRC_ settings).");
  settings ??= await getCharitySettings(db);
  if (!settings.hmrcOfficialFirstName || !settings.hmrcOfficialLastName) {
    blockers.push("Enter the authorised official's name in Settings (Gift Aid claims to HMRC).");
  }
  if (!settings.hmrcOfficialPostcode) blockers.push("Enter the authorised official's postcode in Settings.");
  if (!settings.hmrcOfficialPhone) blockers.push("Enter the authorised official's phone number in Settings.");
  if (!regulatorOf(settings.charityNumber)) {
    blockers.push("Enter the registered charity number in Settings: HMRC's claim names the regulator and number.");
  }
  if (claim.submittedOn) blockers.push("This batch was already submitted: it cannot be sent again.");
  if (lines.length === 0) blockers.push("No line of this batch can be sent: fix the lines held back first.");
  return {
    lines,
    heldBack,
    totalPence,
    giftAidPence: giftAidOnPence(totalPence),
    adjustmentPence: claim.adjustmentPence,
    blockers,
    gasds: await gasdsOffer(db, lines.length > 0 ? periodEndOf(lines) : null),
  };
}

function periodEndOf(lines: readonly ClaimItem[]): string {
  return lines.reduce((max, item) => (item.donationDate > max ? item.donationDate : max), lines[0].donationDate);
}

/**
 * Starts sending the batch to HMRC: lines HMRC would refuse leave the batch (they are claimable
 * again once fixed), the message is built with its IRmark and stored, and the worker is woken.
 * Refused while the batch has a submission under way or accepted (also by a unique index, so two
 * staff or two instances cannot both start one).
 */
export async function startSubmission(
  claimId: number,
  actor: string,
  {
    db = getDb(),
    drive = true,
    includeGasds = false,
  }: { db?: DB; drive?: boolean; /** Claim the plan's small donations (GASDS) too. */ includeGasds?: boolean } = {},
): Promise<HmrcSubmission> {
  const config = hmrcConfig();
  if (!config) throw new HmrcSubmissionError("Sending claims to HMRC is not set up on this server.", 409);
  const settings = await getCharitySettings(db);
  const submission = await immediateTransaction(db, async (trx) => {
    const existing = (await listSubmissionsOfClaim(trx, claimId)).find((s) =>
      ["submitted", "polling", "accepted"].includes(s.state),
    );
    if (existing) {
      throw new HmrcSubmissionError(
        existing.state === "accepted"
          ? "HMRC already accepted this batch."
          : "This batch is already being sent to HMRC: wait for HMRC's answer.",
      );
    }
    const plan = await planSubmission(claimId, trx, settings);
    if (plan.blockers.length > 0) throw new HmrcSubmissionError(plan.blockers.join(" "));
    if (includeGasds && !plan.gasds) {
      throw new HmrcSubmissionError("There are no small donations (GASDS) left to claim for this claim's tax year.");
    }
    const gasds = includeGasds ? plan.gasds : null;
    await removeClaimItems(
      trx,
      claimId,
      plan.heldBack.map((line) => line.itemId),
    );
    const claim: R68Claim = {
      charity: { name: settings.name, hmrcRef: config.charityRef, regulator: regulatorOf(settings.charityNumber) },
      official: {
        title: settings.hmrcOfficialTitle,
        firstName: settings.hmrcOfficialFirstName,
        lastName: settings.hmrcOfficialLastName,
        postcode: settings.hmrcOfficialPostcode,
        phone: settings.hmrcOfficialPhone,
      },
      lines: plan.lines.map(lineOf),
      adjustmentPence: plan.adjustmentPence,
      // HMRC's GASDS year is the tax year's end (2025 to 2026 → 2026).
      gasds: gasds ? [{ year: gasds.year + 1, amountPence: gasds.amountPence }] : [],
      periodEnd: periodEndOf(plan.lines),
    };
    const { message, irmark } = r68Submission(claim, config.charityRef, {
      senderId: config.senderId,
      password: config.password,
      vendorId: config.vendorId,
      gatewayTest: config.gatewayTest,
      timestamp: nowIsoString().slice(0, 19),
    });
    const created = await insertSubmission(trx, {
      claim_id: claimId,
      state: "submitted",
      irmark,
      request_xml: withoutPassword(message, config.password),
      line_count: plan.lines.length,
      total_pence: plan.totalPence,
      gift_aid_pence: plan.giftAidPence,
      line_items: JSON.stringify(plan.lines.map((item) => item.id)),
      held_back: JSON.stringify(plan.heldBack),
      gasds: gasds ? JSON.stringify({ year: gasds.year, amountPence: gasds.amountPence }) : null,
      next_attempt_at: nowIsoString(),
      created_at: nowIsoString(),
      created_by: actor,
      gateway_test: config.gatewayTest ? 1 : 0,
    });
    const small = gasds ? `; small donations (GASDS) ${gasds.label}: ${formatPence(gasds.amountPence)}` : "";
    const held = plan.heldBack.length
      ? `; ${plan.heldBack.length} line${plan.heldBack.length === 1 ? "" : "s"} held back (${plan.heldBack.map((line) => `${line.donor}: ${line.problems.join(", ")}`).join("; ")})`
      : "";
    await recordAudit(trx, {
      entity: "claim",
      entityId: claimId,
      action: config.gatewayTest ? "claim.test_sent_to_hmrc" : "claim.sent_to_hmrc",
      detail: `${config.gatewayTest ? `${TEST_NOTE}: ` : ""}${plan.lines.length} lines, donations ${formatPence(plan.totalPence)}, Gift Aid ${formatPence(plan.giftAidPence)}, IRmark ${irmark}${small}${held}`,
      actor,
    });
    return created;
  });
  logger.info(
    { event: "hmrc.submission_started", claim_id: claimId, submission_id: submission.id },
    "Claim sent to HMRC",
  );
  if (drive) void worker.kick();
  return submission;
}

export interface SubmissionView {
  submission: HmrcSubmission;
  errors: (GatewayError & { line: number | null; itemId: number | null; declarationId: number | null })[];
  heldBack: HeldBackLine[];
  messages: HmrcMessage[];
}

/** The batch's submissions, newest first, with HMRC's errors tied to their lines. */
export async function submissionsOfClaim(claimId: number, db: DB = getDb()): Promise<SubmissionView[]> {
  const items = await listClaimItems(db, claimId);
  const declarationOf = new Map(items.map((item) => [item.id, item.declarationId]));
  const views: SubmissionView[] = [];
  for (const submission of await listSubmissionsOfClaim(db, claimId)) {
    const lineItems = JSON.parse(submission.lineItems) as number[];
    const errors = (submission.errors ? (JSON.parse(submission.errors) as GatewayError[]) : []).map((error) => {
      const gad = error.location?.match(/GAD\[(\d+)\]/);
      const line = gad ? Number(gad[1]) : null;
      const itemId = line !== null ? (lineItems[line - 1] ?? null) : null;
      return { ...error, line, itemId, declarationId: itemId !== null ? (declarationOf.get(itemId) ?? null) : null };
    });
    views.push({
      submission,
      errors,
      heldBack: JSON.parse(submission.heldBack) as HeldBackLine[],
      messages: await listMessages(db, submission.id),
    });
  }
  return views;
}

// ---------------------------------------------------------------------------------------
// The worker
// ---------------------------------------------------------------------------------------

export type GatewayPost = (url: string, xml: string, timeoutMs: number) => Promise<string>;

/**
 * POSTs a GovTalk message and returns the answer's text; throws on a network failure, a timeout
 * or a non-2xx status. On Node's own HTTP client (app/infra/outbound-http.server.ts), never the
 * global fetch remix-serve replaces.
 */
export const postToGateway: GatewayPost = async (url, xml, timeoutMs) => {
  const answer = await postText(url, xml, {
    headers: { "Content-Type": "text/xml; charset=utf-8" },
    timeoutMs,
  });
  if (answer.status < 200 || answer.status > 299) throw new Error(`the gateway answered HTTP ${answer.status}`);
  return answer.text;
};

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

const NEVER_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** True when the request certainly never reached the gateway (no connection was ever made). */
function neverSent(error: unknown): boolean {
  if (error instanceof OutboundHttpError) return error.neverSent;
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code !== undefined && NEVER_SENT_CODES.has(code);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Moves one submission on by one step (submit, or one poll and what follows), if it is due and
 * this worker wins its lease. Returns the state it is left in, or null when it was not taken.
 */
export async function advanceSubmission(
  id: number,
  options: { owner?: string; post?: GatewayPost; config?: HmrcConfig | null } = {},
  db: DB = getDb(),
): Promise<HmrcSubmission["state"] | null> {
  const owner = options.owner ?? `${process.pid}-${crypto.randomUUID()}`;
  const post = options.post ?? postToGateway;
  const config = options.config === undefined ? hmrcConfig() : options.config;
  const now = nowIsoString();
  if (!(await takeLease(db, id, { owner, now, expiresAt: plus(now, LEASE_MS) }))) return null;
  const submission = (await getSubmission(db, id))!;
  const update = (change: Parameters<typeof updateUnderLease>[3]) => updateUnderLease(db, id, owner, change);
  const record = (direction: "sent" | "received", kind: "submit" | "poll" | "delete", xml: string) =>
    insertMessage(db, { submissionId: id, direction, kind, xml, at: nowIsoString() });
  try {
    if (!config) {
      await update({ state: "error", problem: "HMRC is no longer configured on this server.", finished_at: now });
      return "error";
    }
    const step: Step = { submission, config, post, update, record, db, owner };
    return await (submission.state === "submitted" ? submit(step) : poll(step));
  } finally {
    await releaseLease(db, id, owner);
  }
}

/** One step of one submission, under this worker's lease. */
interface Step {
  submission: HmrcSubmission;
  config: HmrcConfig;
  post: GatewayPost;
  /** Changes the submission while the lease is still this worker's. */
  update: (change: Parameters<typeof updateUnderLease>[3]) => Promise<boolean>;
  /** Keeps a message sent to or received from the gateway. */
  record: (direction: "sent" | "received", kind: "submit" | "poll" | "delete", xml: string) => Promise<void>;
  db: DB;
  owner: string;
}

async function submit(step: Step): Promise<HmrcSubmission["state"]> {
  const { submission, config, post, update, record } = step;
  const now = nowIsoString();
  if (submission.sentAt) {
    // Posted before, and no acknowledgement was kept: it may have reached HMRC. Never post twice.
    await update({
      state: "error",
      problem:
        "The claim was posted to HMRC but the answer was lost (the server stopped or the connection broke). It is not sent again: check Charities Online for it before sending this batch again.",
      finished_at: now,
    });
    return "error";
  }
  if (!(await update({ sent_at: now, attempts: submission.attempts + 1 }))) return submission.state;
  const request = submission.requestXml.replace(PASSWORD_MASK, `<Value>${xmlText(config.password)}</Value>`);
  let answerXml: string;
  try {
    await record("sent", "submit", submission.requestXml);
    answerXml = await post(config.gatewayUrl, request, config.timeoutMs);
  } catch (error) {
    const reason = reasonOf(error);
    const attempt = submission.attempts + 1;
    if (neverSent(error)) {
      logger.warn(
        { event: "hmrc.gateway_unreachable", submission_id: submission.id, attempt, err: error },
        "HMRC's gateway could not be reached",
      );
      if (attempt < MAX_ATTEMPTS) {
        await update({
          sent_at: null,
          next_attempt_at: plus(now, RETRY_MS),
          problem: `HMRC's gateway could not be reached (${reason}). Nothing was sent: it is tried again every ${RETRY_MS / 1000} seconds (try ${attempt} of ${MAX_ATTEMPTS}).`,
        });
        return "submitted";
      }
      await update({
        state: "error",
        problem: `HMRC's gateway could not be reached after ${MAX_ATTEMPTS} tries (${reason}). Nothing reached HMRC: submit this batch again when HMRC is back.`,
        finished_at: now,
      });
      return "error";
    }
    logger.warn(
      { event: "hmrc.gateway_no_answer", submission_id: submission.id, attempt, err: error },
      "HMRC's gateway gave no usable answer",
    );
    await update({
      state: "error",
      problem: `The claim was sent, but HMRC's gateway gave no usable answer (${reason}). It may or may not have reached HMRC, so it is not sent again by itself: check Charities Online for it before sending this batch again.`,
      finished_at: now,
    });
    return "error";
  }
  await record("received", "submit", answerXml);
  const answer = readGatewayAnswer(answerXml);
  if (answer.kind === "acknowledgement") {
    const interval = answer.pollIntervalSeconds ?? 10;
    await update({
      state: "polling",
      correlation_id: answer.correlationId,
      poll_url: answer.endpoint ?? config.gatewayUrl,
      poll_interval_seconds: interval,
      next_attempt_at: plus(now, interval * 1000),
      problem: null,
    });
    return "polling";
  }
  if (answer.kind === "error" && answer.recoverable) {
    await update({ sent_at: null, next_attempt_at: plus(now, RETRY_MS), errors: JSON.stringify(answer.errors) });
    return "submitted";
  }
  return finish(step, answer);
}

async function poll(step: Step): Promise<HmrcSubmission["state"]> {
  const { submission, config, post, update, record } = step;
  const now = nowIsoString();
  const message = pollMessage(submission.correlationId!, config.gatewayTest);
  const interval = (submission.pollIntervalSeconds ?? 10) * 1000;
  let answerXml: string;
  try {
    await record("sent", "poll", message);
    answerXml = await post(submission.pollUrl ?? config.gatewayUrl, message, config.timeoutMs);
  } catch (error) {
    // HMRC keeps the answer: poll again later.
    await update({
      next_attempt_at: plus(now, Math.max(interval, RETRY_MS)),
      attempts: submission.attempts + 1,
      problem: `HMRC has the claim, but its gateway could not be asked for the answer just now (${reasonOf(error)}): asked again in ${Math.max(interval, RETRY_MS) / 1000} seconds.`,
    });
    return "polling";
  }
  await record("received", "poll", answerXml);
  const answer = readGatewayAnswer(answerXml);
  if (answer.kind === "unreadable") {
    // HMRC has the claim (it acknowledged it): an answer that cannot be read (a proxy's error
    // page) is asked for again, as after a network failure.
    await update({
      next_attempt_at: plus(now, Math.max(interval, RETRY_MS)),
      attempts: submission.attempts + 1,
      problem: `HMRC has the claim, but its gateway's answer could not be read (${answer.reason}): asked again in ${Math.max(interval, RETRY_MS) / 1000} seconds.`,
    });
    return "polling";
  }
  if (answer.kind === "acknowledgement" || (answer.kind === "error" && answer.recoverable)) {
    const next = (answer.kind === "acknowledgement" ? answer.pollIntervalSeconds : null) ?? interval / 1000;
    await update({
      poll_interval_seconds: next,
      poll_url: (answer.kind === "acknowledgement" && answer.endpoint) || submission.pollUrl,
      next_attempt_at: plus(now, next * 1000),
      problem: null,
    });
    return "polling";
  }
  return finish(step, answer);
}

/** The final answer: accepted or rejected (or unreadable), then the delete request. */
async function finish(step: Step, answer: GatewayAnswer): Promise<HmrcSubmission["state"]> {
  const { submission, config, post, update, record, db, owner } = step;
  const now = nowIsoString();
  const correlationId =
    "correlationId" in answer && answer.correlationId ? answer.correlationId : submission.correlationId;
  let state: HmrcSubmission["state"];
  if (answer.kind === "response") {
    // HMRC took the claim; on its test service (GatewayTest 1) it found no fault, claimed
    // nothing, and the batch stays open.
    const test = submission.gatewayTest === 1;
    const finished = test ? "tested" : "accepted";
    state = finished;
    await immediateTransaction(db, async (trx) => {
      await updateUnderLease(trx, submission.id, owner, {
        state: finished,
        receipt: answer.receipt,
        finished_at: now,
        problem: null,
      });
      if (!test) {
        await setClaimAcceptedByHmrc(trx, submission.claimId, {
          on: londonToday(),
          by: submission.createdBy,
          correlationId: correlationId ?? "",
          receipt: answer.receipt,
        });
      }
      await recordAudit(trx, {
        entity: "claim",
        entityId: submission.claimId,
        action: test ? "claim.test_passed_at_hmrc" : "claim.accepted_by_hmrc",
        detail: test
          ? `${TEST_NOTE}: HMRC's test service found no errors; nothing was claimed and the batch stays open. Correlation id ${correlationId ?? ""}`
          : `correlation id ${correlationId ?? ""}`,
        actor: "HMRC",
      });
    });
  } else if (answer.kind === "error") {
    state = "rejected";
    const test = submission.gatewayTest === 1;
    await update({ state, errors: JSON.stringify(answer.errors), finished_at: now });
    await recordAudit(db, {
      entity: "claim",
      entityId: submission.claimId,
      action: test ? "claim.test_rejected_by_hmrc" : "claim.rejected_by_hmrc",
      detail: `${test ? `${TEST_NOTE}: ` : ""}${answer.errors.map((error) => `${error.number}: ${error.text}`).join("; ")}`,
      actor: "HMRC",
    });
  } else {
    state = "error";
    await update({
      state,
      problem: `HMRC's gateway answered with something that is not a GovTalk answer (${answer.kind === "unreadable" ? answer.reason : answer.kind}). The claim may or may not have reached HMRC, so it is not sent again by itself: check Charities Online for it before sending this batch again.`,
      finished_at: now,
    });
  }
  logger.info({ event: "hmrc.submission_finished", submission_id: submission.id, state }, "HMRC answered a claim");
  if (correlationId) {
    const message = deleteMessage(correlationId, config.gatewayTest);
    try {
      await record("sent", "delete", message);
      const deleted = await post(submission.pollUrl ?? config.gatewayUrl, message, config.timeoutMs);
      await record("received", "delete", deleted);
      await update({ deleted_at: nowIsoString() });
    } catch (error) {
      logger.warn(
        { event: "hmrc.delete_failed", submission_id: submission.id, err: error },
        "HMRC delete request failed",
      );
    }
  }
  return state;
}

/** Each batch's latest submission to HMRC (state, and whether a test), for the list of batches. */
export async function latestSubmissions(
  db: DB = getDb(),
): Promise<Map<number, { state: HmrcSubmission["state"]; gatewayTest: boolean }>> {
  return latestSubmissionOfClaims(db);
}

/** Moves every due submission on by one step; the states they were left in (tests, the timer). */
export async function runDueSubmissions(db: DB = getDb()): Promise<(HmrcSubmission["state"] | null)[]> {
  const states: (HmrcSubmission["state"] | null)[] = [];
  for (const id of await listLiveSubmissionIds(db, nowIsoString())) states.push(await advanceSubmission(id, {}, db));
  return states;
}

/**
 * The submissions in the background (app/infra/background-worker.server.ts): a run when one
 * starts, when the next step of a live one is due, and every minute; started with the server,
 * so a restart resumes every submission where the database says it was. Several instances may
 * each try: the lease lets one act.
 */
const worker = backgroundWorker({
  failedEvent: "hmrc.worker_failed",
  failedMessage: "HMRC submission step failed",
  run: async () => {
    await runDueSubmissions();
    const next = await nextLiveSubmissionDue(getDb());
    return { waitUntil: next === null ? undefined : Date.parse(next) };
  },
  pollMs: 60_000,
  maxWaitMs: 60_000,
  slackMs: 250,
  retryMs: RETRY_MS,
});

/** Moves due submissions on in the background now; the promise (for tests) settles when it is over. */
export const kickHmrcSubmissions = worker.kick;

/** Started once when the server build loads (app/entry.server.tsx), with HMRC set up. */
export function startHmrcSubmissions(): void {
  if (hmrcConfig()) worker.start();
}

/**
 * Correcting a rejected batch: takes out of it the lines HMRC's errors named (they are claimable
 * again, and listed with their problems, once fixed), so the rest can be submitted again.
 */
export async function removeRefusedLines(claimId: number, actor: string, db: DB = getDb()): Promise<number> {
  return immediateTransaction(db, async (trx) => {
    const claim = await getClaim(trx, claimId);
    if (!claim) throw new HmrcSubmissionError("There is no such claim batch.", 404);
    if (claim.submittedOn) throw new HmrcSubmissionError("This batch was submitted: it cannot change.");
    const [latest] = await submissionsOfClaim(claimId, trx);
    if (!latest || latest.submission.state !== "rejected") {
      throw new HmrcSubmissionError("Only a batch HMRC rejected has lines to take out.");
    }
    const itemIds = [...new Set(latest.errors.flatMap((error) => (error.itemId !== null ? [error.itemId] : [])))];
    if (itemIds.length === 0) throw new HmrcSubmissionError("HMRC's errors name no line of this batch.");
    await removeClaimItems(trx, claimId, itemIds);
    await recordAudit(trx, {
      entity: "claim",
      entityId: claimId,
      action: "claim.lines_removed",
      detail: `${itemIds.length} line${itemIds.length === 1 ? "" : "s"} HMRC refused taken out of the batch`,
      actor,
    });
    return itemIds.length;
  });
}
