// The site domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { listAudit, listAuditByActor, listAuditOfKind, recordAudit, type AuditEvent } from "./models/audit.server";
export { admitFormPost, countRecentFormPosts, recordFormPost } from "./models/form-post.server";
export { markLinkUsed } from "./models/single-use-link.server";
export {
  charitySettingsIn,
  forgetCachedSettingRows,
  getCharitySettings,
  saveCharitySettings,
  setSettingSwitch,
  settingSwitchOn,
  settingsHistory,
  storeSettingSwitch,
  withCharityDetails,
} from "./services/charity-settings.server";
export { setFlash, takeFlash, type FlashArea, type FlashCode } from "./services/flash.server";
export { checkHealth } from "./services/health.server";
export { historyOf } from "./services/history.server";
export { scheduleHousekeeping } from "./services/housekeeping.server";
export { pageFrame } from "./services/page-frame.server";
export { pagesChanged } from "./services/pages-changed.server";
export { processorsOf } from "./services/processors.server";
export { readPublicForm, type FormReply } from "./services/public-form.server";
export { receiveStripeWebhook } from "./services/stripe-webhooks.server";
