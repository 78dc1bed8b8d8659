// The causes domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { listAppeals, type Appeal, type AppealInput } from "./models/appeal.server";
export {
  AppealRefusal,
  appealIsOpen,
  appealRecord,
  appealsWithTotals,
  createAppeal,
  mayManageAppeals,
  publicAppeal,
  reviseAppeal,
  sitemapAppeals,
} from "./services/appeals.server";
export {
  FundraisingRefusal,
  appealChoices,
  approveMessage,
  decideOnPage,
  fundraisePath,
  hideMessage,
  ownerGiftList,
  ownerMayEdit,
  ownerVersion,
  pageBackLink,
  waitingForStaff,
  pageOfManageToken,
  pageRecordForStaff,
  pagesForStaff,
  publicFundraisingPage,
  queuePageOwnerGiftMail,
  reviseOwnPage,
  sitemapFundraisingPages,
  startFundraisingPage,
  type FundraisingPageStatus,
  type OwnerSave,
} from "./services/fundraising.server";
export { causeLabels, giftCauseOf, giftCauseOfPost, type GiftCause } from "./services/gift-causes.server";
