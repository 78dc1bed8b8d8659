// The staff domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { deleteExpiredSessions } from "./models/session.server";
export { deleteStaleStaffTokens } from "./models/staff-token.server";
export { type User } from "./models/user.server";
export {
  AccountError,
  changeMyName,
  changeMyPassword,
  confirmEmailChange,
  emailChangeLinkWorks,
  endMyOtherSessions,
  endMySession,
  mySessions,
  requestEmailChange,
} from "./services/account.server";
export { admitDoorAttempt } from "./services/attempt-limits.server";
export {
  LoginError,
  authenticator,
  checkSignInCode,
  endApiSession,
  getApiUser,
  issueApiToken,
  parseLoginForm,
  signIn,
} from "./services/auth.server";
export { staffOverview, stripeEventsNeedingAttention } from "./services/overview.server";
export {
  PasskeyError,
  addPasskey,
  myPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removeMyPasskey,
  renameMyPasskey,
  verifyPasskeySignIn,
} from "./services/passkeys.server";
export {
  ResetThrottledError,
  requestPasswordReset,
  resetLinkWorks,
  resetPasswordWithToken,
} from "./services/password-reset.server";
export {
  ANY_ROLE,
  allows,
  clearSessionCookie,
  endSession,
  getPendingUser,
  getSessionToken,
  getUser,
  renewBrowserSession,
  startSecondStep,
  startUserSession,
  type Access,
  type SignInVia,
} from "./services/session.server";
export {
  appealInput,
  parseAcceptForm,
  parseCodeForm,
  parseForgotForm,
  parseInviteForm,
  parseOwnEmailForm,
  parseOwnNameForm,
  parseOwnPasswordForm,
  parseResetForm,
} from "./services/staff-forms.server";
export { staffStatistics } from "./services/stats.server";
export {
  TeamError,
  acceptInvitation,
  changeRole,
  invitePerson,
  openInvitation,
  resendInvitation,
  setMemberStatus,
  teamMemberDetail,
  teamOverview,
  withdrawPendingInvitation,
} from "./services/team.server";
export {
  TwoStepError,
  apiTwoStepMissing,
  beginTwoStepSetup,
  confirmTwoStep,
  hasTwoStep,
  regenerateRecoveryCodes,
  resetTwoStep,
  secondStepOf,
  setTeamTwoStepRequirement,
  turnOffTwoStep,
  twoStepMissing,
  twoStepOverview,
} from "./services/two-step.server";
