import { el, govTalkMessage, withIrmark, writeXml, type XmlNode } from "~/infra/govtalk.server";
import { hmrcAmount, type ClaimLine } from "~/gift-aid/utils/hmrc-claim-rules";

// The R68 claim (HMRC's Charities Online repayment claim, schema r68 v2) in its GovTalk envelope,
// class HMRC-CHAR-CLM, with its IRmark. Pure: what goes in is the batch, Settings and the
// gateway configuration; the message text comes out.

export const R68_NS = "http://www.govtalk.gov.uk/taxation/charities/r68/2";
export const CLAIM_CLASS = "HMRC-CHAR-CLM";
export const PRODUCT = { name: "Community Health Aid UK website", version: "1.0" } as const;

export interface R68Claim {
  charity: { name: string; hmrcRef: string; regulator: { name: string; number: string } | null };
  official: { title: string; firstName: string; lastName: string; postcode: string; phone: string };
  /** Named donors' lines, in schedule order. */
  lines: ClaimLine[];
  /** Aggregated lines (gifts of £20 or less each, at most £1,000 a line). */
  aggregated?: { description: string; donationDate: string; amountPence: number }[];
  /** Gift Aid over-claimed before (refunds of claimed gifts), in pence: HMRC's Adjustment. */
  adjustmentPence: number;
  /** Small donations (GASDS) claimed with this claim, by tax year ending. */
  gasds?: { year: number; amountPence: number }[];
  /** YYYY-MM-DD: the claim period's end (the latest donation). */
  periodEnd: string;
}

export interface GatewaySettings {
  senderId: string;
  password: string;
  vendorId: string;
  gatewayTest: boolean;
  /** ISO time written in the channel routing. */
  timestamp: string;
}

function donorLine(line: ClaimLine): XmlNode {
  return el("GAD", [
    el("Donor", [
      line.title ? el("Ttl", line.title) : null,
      el("Fore", line.firstName),
      el("Sur", line.lastName),
      el("House", line.house),
      line.postcode === "X" ? el("Overseas", "yes") : el("Postcode", line.postcode),
    ]),
    el("Date", line.donationDate),
    el("Total", hmrcAmount(line.amountPence)),
  ]);
}

/** The IRenvelope (Body content) of the claim, with an empty IRmark to be filled in. */
export function r68Body(claim: R68Claim, charityRef: string): string {
  const dates = [...claim.lines.map((l) => l.donationDate), ...(claim.aggregated ?? []).map((l) => l.donationDate)];
  const earliest = dates.reduce((min, day) => (day < min ? day : min), dates[0] ?? claim.periodEnd);
  const envelope = el(
    "IRenvelope",
    [
      el("IRheader", [
        el("Keys", [el("Key", charityRef, { Type: "CHARID" })]),
        el("PeriodEnd", claim.periodEnd),
        el("DefaultCurrency", "GBP"),
        '<IRmark Type="generic"/>',
        el("Sender", "Individual"),
      ]),
      el("R68", [
        el("AuthOfficial", [
          el("OffName", [
            claim.official.title ? el("Ttl", claim.official.title) : null,
            el("Fore", claim.official.firstName),
            el("Sur", claim.official.lastName),
          ]),
          el("OffID", [el("Postcode", claim.official.postcode)]),
          el("Phone", claim.official.phone),
        ]),
        el("Declaration", "yes"),
        el("Claim", [
          el("OrgName", claim.charity.name),
          el("HMRCref", claim.charity.hmrcRef),
          claim.charity.regulator &&
            el("Regulator", [el("RegName", claim.charity.regulator.name), el("RegNo", claim.charity.regulator.number)]),
          el("Repayment", [
            ...claim.lines.map(donorLine),
            ...(claim.aggregated ?? []).map((line) =>
              el("GAD", [
                el("AggDonation", line.description),
                el("Date", line.donationDate),
                el("Total", hmrcAmount(line.amountPence)),
              ]),
            ),
            el("EarliestGAdate", earliest),
            claim.adjustmentPence > 0 && el("Adjustment", hmrcAmount(claim.adjustmentPence)),
          ]),
          el("GASDS", [
            el("ConnectedCharities", "no"),
            ...(claim.gasds ?? []).map((entry) =>
              el("GASDSClaim", [el("Year", String(entry.year)), el("Amount", hmrcAmount(entry.amountPence))]),
            ),
            el("CommBldgs", "no"),
          ]),
          claim.adjustmentPence > 0 &&
            el(
              "OtherInfo",
              `Adjustment of ${hmrcAmount(claim.adjustmentPence)}: Gift Aid claimed before on donations since refunded.`,
            ),
        ]),
      ]),
    ],
    { xmlns: R68_NS },
  );
  return writeXml(envelope);
}

/** The submission: the GovTalk message of class HMRC-CHAR-CLM with the claim and its IRmark. */
export function r68Submission(
  claim: R68Claim,
  charityRef: string,
  gateway: GatewaySettings,
): { message: string; irmark: string } {
  return withIrmark(
    govTalkMessage({
      className: CLAIM_CLASS,
      qualifier: "request",
      fn: "submit",
      gatewayTest: gateway.gatewayTest,
      sender: { id: gateway.senderId, password: gateway.password },
      keys: [{ type: "CHARID", value: charityRef }],
      channel: {
        vendorId: gateway.vendorId,
        product: PRODUCT.name,
        version: PRODUCT.version,
        timestamp: gateway.timestamp,
      },
      body: r68Body(claim, charityRef),
    }),
  );
}

/** A poll for the answer to a submission, by its correlation id. */
export function pollMessage(correlationId: string, gatewayTest: boolean): string {
  return govTalkMessage({ className: CLAIM_CLASS, qualifier: "poll", fn: "submit", correlationId, gatewayTest });
}

/** The delete request that tells the gateway its answer has been read. */
export function deleteMessage(correlationId: string, gatewayTest: boolean): string {
  return govTalkMessage({ className: CLAIM_CLASS, qualifier: "request", fn: "delete", correlationId, gatewayTest });
}
