import type { ClaimCandidate } from "~/gift-aid/index.server";

/** What the Gift Aid page shows of a payment that could go into a claim (or why it cannot). */
export const candidateView = (candidate: ClaimCandidate) => ({
  paymentId: candidate.paymentId,
  declarationId: candidate.declarationId,
  pledgeReference: candidate.pledgeReference,
  donorName: candidate.donorName,
  receivedOn: candidate.receivedOn,
  amountPence: candidate.amountPence,
  problems: candidate.problems,
});

export type CandidateRow = ReturnType<typeof candidateView>;
