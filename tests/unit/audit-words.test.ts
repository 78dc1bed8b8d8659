// A record's history reads as sentences: what happened in words, by whom, with dates the UK way.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditTrail } from "~/components/admin/audit-trail";
import { auditDetailInWords, auditSentence } from "~/utils/audit-words";

describe("history lines", () => {
  it("say what happened and who did it, with the day the UK way", () => {
    expect(
      auditSentence({
        action: "payment.recorded",
        actor: "ann",
        detail: "£20 received 2026-11-24, by hand; thank-you e-mailed",
      }),
    ).toBe("Payment recorded by ann: £20 received 24 November 2026, by hand; thank-you e-mailed");
  });

  it("write an instant in UK time, and name the site's own jobs", () => {
    expect(auditDetailInWords("for 2026-07-01T13:05:00.000Z")).toBe("for 1 July 2026, 14:05");
    // An address keeps its date as it is.
    expect(auditDetailInWords('"https://charity.test/2026-07-01-report" on 2026-07-01')).toBe(
      '"https://charity.test/2026-07-01-report" on 1 July 2026',
    );
    expect(auditSentence({ action: "payment.refunded", actor: "stripe", detail: null })).toBe(
      "Payment refunded by Stripe",
    );
    expect(auditSentence({ action: "retention.enquiries-deleted", actor: "housekeeping", detail: "3" })).toBe(
      "Old enquiries deleted by the site's scheduled housekeeping: 3",
    );
  });

  it("spell out a kind with no words of its own rather than show its code", () => {
    expect(auditSentence({ action: "gasds.top_up-made", actor: "ann", detail: null })).toBe("Gasds top up made by ann");
  });

  it("are what the History section shows, never the codes or ISO dates", () => {
    const html = renderToString(
      createElement(AuditTrail, {
        events: [
          {
            id: 1,
            action: "pledge.cancelled",
            actor: "ann",
            detail: "Donor asked on 2026-11-20",
            createdAt: "2026-11-24T14:05:00.000Z",
          },
        ],
      }),
    );
    const text = html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
    expect(text).toContain("24 November 2026, 14:05 · Pledge cancelled by ann: Donor asked on 20 November 2026");
    expect(text).not.toMatch(/pledge\.cancelled|2026-11-20/);
  });
});
