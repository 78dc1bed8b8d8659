// The mail domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export {
  countNewsletterMail,
  countQueuedMail,
  deleteOldMail,
  deleteQueuedMailForSubscriber,
  enqueueMail,
  type MailAttachment,
  type NewsletterMailCounts,
} from "./models/outbox.server";
export { findMail, mailLogPage } from "./services/mail-log.server";
export { currentSender, queueTestMail, retryFailedMail, startMailSender } from "./services/mail-sender.server";
export {
  directDebitDonorMail,
  donorGivingChangeMail,
  donorGivingLinkMail,
  donorPaymentMail,
  donorPledgeMail,
  donorReminderMail,
  donorStatementMail,
  enquiryAcknowledgement,
  newsletterConfirmationMail,
  newsletterMail,
  pageOwnerMail,
  renderMail,
  staffCardAlert,
  staffEnquiryAlert,
  staffLinkMail,
  staffNoticeMail,
  staffPledgeAlert,
  staffVolunteerAlert,
  volunteerAcknowledgement,
  volunteerStatusMail,
  type GiftAidDeclarationCopy,
  type GivingChange,
  type MailBlock,
  type MailContent,
  type NewsletterContent,
} from "./services/mail-templates.server";
