// The supporters domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { deleteStaleDonorRows } from "./models/donor.server";
export { countEnquiriesWithStatus } from "./models/enquiry.server";
export { listPledgesToRemind, markPledgeReminded } from "./models/giving.server";
export { findOrCreateSupporter, findOrCreateSupporterByEmail } from "./models/supporter-identity.server";
export { findSupporterIdByEmail, getSupporter, listSupporterEmails } from "./models/supporter.server";
export { countNewVolunteerApplications } from "./models/volunteer.server";
export { CONTACT_SENT_PATH, readReceipt, receiptCookieHeader } from "./services/contact-receipt.server";
export {
  confirmDeclarationByDonor,
  detailsComplete,
  getDonorDetails,
  makeDeclarationByDonor,
  updateDonorDetails,
} from "./services/donor-details.server";
export {
  cancelDeclarationByDonor,
  changeMonthlyCardAmountByDonor,
  getStoppableMonthlyGift,
  setDonorNewsletter,
  stopMonthlyGiftByDonor,
} from "./services/donor-changes.server";
export { donorDataExport, getDonorDeclaration, getDonorPortal } from "./services/donor-portal.server";
export { DonorLinkError, DonorPortalError } from "./services/donor-refusals.server";
export {
  DONOR_IDLE_MS,
  checkDonorLink,
  endDonorSession,
  getDonorSupporterId,
  openDonorLink,
  requestDonorLink,
} from "./services/donor-sign-in.server";
export {
  changeEnquiryStatus,
  deleteExpiredEnquiries,
  enquiriesForExport,
  enquiriesPage,
  findEnquiry,
  removeEnquiry,
  submitEnquiry,
} from "./services/enquiries.server";
export {
  STATEMENT_LINK_DAYS,
  StatementError,
  buildStatement,
  checkStatementLink,
  donorTaxYears,
  previewYearStatements,
  sendStatement,
  sendYearStatements,
  statementFileName,
  statementPaths,
  statementPdf,
  statementsHistory,
  supporterStatementPdf,
} from "./services/giving-statements.server";
export {
  addressesFor,
  countsOf,
  erasePersonalData,
  findPersonalData,
  holdsAnything,
  subjectAccessExport,
} from "./services/privacy.server";
export {
  declarationCoversOwnGiftOnly,
  keepPublicFormDetails,
  publicFormLabels,
  type PublicFormSource,
} from "./services/public-form-identity.server";
export {
  applySoftOptIn,
  donateFormOptOutLine,
  setSoftOptInEnabled,
  softOptInEnabled,
} from "./services/soft-opt-in.server";
export {
  mergeSupporters,
  previewMerge,
  resolveSupporterRef,
  type MergePreview,
} from "./services/supporter-merge.server";
export {
  acceptDeclarationByStaff,
  listSupporterPendingDetails,
  resolveSupporterPendingDetails,
} from "./services/supporter-review.server";
export {
  SupporterError,
  assertSupporterExists,
  requireSupporterPage,
  supporterIdOfPledge,
  supportersPage,
  type TimelineEntry,
} from "./services/supporters.server";
export {
  saveVolunteerMailTemplate,
  volunteerMailTemplates,
  type VolunteerMailTemplate,
} from "./services/volunteer-mail.server";
export {
  VolunteerError,
  changeVolunteerStatus,
  deleteExpiredVolunteerApplications,
  findVolunteerApplication,
  submitVolunteerApplication,
  volunteerApplicationsCsv,
  volunteerApplicationsPage,
  volunteerInterests,
  volunteerInterestsOf,
} from "./services/volunteers.server";
