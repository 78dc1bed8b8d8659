// The gift-aid domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export {
  flagClaimRefund,
  getDeclaration,
  insertDeclaration,
  listDeclarationsOfPledgeSupporter,
  listDeclarationsOfSupporters,
  setDeclarationCancelled,
  setDeclarationConfirmed,
  type Declaration,
} from "./models/gift-aid.server";
export {
  claimScheduleCsv,
  claimScheduleOds,
  coverOf,
  createClaimBatch,
  deleteClaimBatch,
  getClaimDetail,
  listClaimBatches,
  listClaimCandidates,
  markClaimSubmitted,
  pendingClaimAdjustment,
  type ClaimCandidate,
} from "./services/gift-aid-claims.server";
export {
  GiftAidError,
  addDeclaration,
  cancelDeclaration,
  getDeclarationEmailCopy,
  getDeclarationForPledge,
  getDeclarationForStaff,
  getEnduringDeclarationEmailCopy,
  listDeclarationsForStaff,
} from "./services/gift-aid-declarations.server";
export {
  HmrcSubmissionError,
  hmrcConfig,
  hmrcGateway,
  latestSubmissions,
  planSubmission,
  removeRefusedLines,
  startHmrcSubmissions,
  startSubmission,
  submissionsOfClaim,
} from "./services/hmrc-submissions.server";
export { pledgeGiftAid, type PledgeGiftAid } from "./services/pledge-gift-aid.server";
export {
  SmallDonationError,
  findSmallDonation,
  recordSmallDonation,
  removeSmallDonation,
  smallDonationsCsv,
  smallDonationsYear,
  type SmallDonationsYear,
} from "./services/small-donations.server";
