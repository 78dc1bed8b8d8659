// The publishing domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { countNews } from "./models/news.server";
export type { NewsArticle, NewsCursor, NewsInput, NewsStatus } from "./models/news.server";
export {
  createPendingSubscriber,
  deleteUnconfirmedSubscribers,
  getNewsletterSubscriber,
  recordConsentEvent,
  recordNewsletterBounce,
  resetNewsletterBounces,
  setLegalBasis,
  setSubscriberStatus,
} from "./models/subscriber.server";
export {
  articleHistory,
  articlesAfter,
  cachedPublicAnswer,
  feedArticles,
  findArticle,
  findArticleByParam,
  newsListPage,
  nextScheduledPublish,
  publishArticle,
  publishState,
  recentNews,
  removeArticle,
  reviseArticle,
  sitemapArticles,
  staffNewsList,
} from "./services/news.server";
export {
  NewsletterIssueError,
  composeChoices,
  confirmedRecipientCount,
  draftFromArticle,
  newsletterProgress,
  newsletterWebPath,
  previewNewsletter,
  publicNewsletter,
  requireNewsletter,
  saveNewsletterDraft,
  scheduleNewsletter,
  sendNewsletter,
  sendNewsletterTest,
  sentNewsletters,
  sitemapNewsletters,
  staffNewsletterList,
  startNewsletterScheduler,
} from "./services/newsletter-issues.server";
export {
  checkConfirmToken,
  checkUnsubscribeToken,
  confirmSubscription,
  consentHistory,
  exportConfirmedSubscribers,
  newsletterPaths,
  receivesNewsletter,
  removeSubscriber,
  requireSubscriber,
  setNewsletterFromGiving,
  signUpForNewsletter,
  subscribersPage,
  unsubscribe,
} from "./services/newsletter.server";
export {
  PublicationRefusal,
  addPublicationType,
  checkDocument,
  createPublication,
  documentFromFile,
  findPublication,
  publicDocument,
  publicPublications,
  publicationFieldsFromForm,
  publicationHistory,
  publicationTypes,
  removePublication,
  removeType,
  renameType,
  comparePublicationRevision,
  previewPublication,
  publicationForEditing,
  publicationVersions,
  restorePublicationRevision,
  revisePublication,
  seedPublicationRevisions,
  seedSamplePublicationDocuments,
  sitemapPublications,
  staffDocument,
  staffPublications,
} from "./services/publications.server";
export type {
  DocumentDownload,
  DocumentUpload,
  Publication,
  PublicationCard,
  PublicationType,
} from "./services/publications.server";
export {
  ProjectContentRefusal,
  ProjectPictureRejected,
  ProjectRefusal,
  compareProjectRevision,
  mayEditProjects,
  previewProject,
  projectForEdit,
  projectHistory,
  projectFrameLinks,
  projectPath,
  publicProject,
  publicProjects,
  restoreProjectRevision,
  saveProject,
  seedProjectRevisions,
  sitemapProjects,
  staffProjectList,
} from "./services/projects.server";
export type { ProjectLink, ProjectRecord } from "./services/projects.server";
export {
  RedirectRefusal,
  addRedirect,
  addressInUse,
  recordRedirect,
  redirectFor,
  removeRedirect,
  staffRedirectList,
} from "./services/redirects.server";
export type { Redirect } from "./services/redirects.server";
export { SearchRefusal, indexAppeal, searchSite } from "./services/search.server";
export type { SearchHit, SearchKind } from "./services/search.server";
export { ARTICLE_FORM_LIMITS, articleInputFromForm, parseArticleForm } from "./utils/article-form.server";
export {
  EDITORS_PUBLISH_SETTING,
  PageRefusal,
  compareWithLive,
  editorsMayPublish,
  mayPublishPage,
  pageForEditing,
  pageHistory,
  pageProblems,
  previewSitePage,
  publicSitePage,
  restoreRevision,
  savePage,
  seedSitePages,
  setEditorsMayPublish,
  sitemapSitePages,
  staffPageList,
} from "./services/site-pages.server";
export type {
  DiffLine,
  PageListEntry,
  PageState,
  RevisionEntry,
  SaveResult,
  ShownPage,
} from "./services/site-pages.server";
export { ContentRefusal, mayPublishContent } from "./services/content-revisions.server";
export type { ContentIntent, SaveResult as ContentSaveResult } from "./services/content-revisions.server";
export {
  addressChangeWarning,
  brokenLinks,
  linksTo,
  projectChangeWarning,
  articleChangeWarning,
  redirectRemovalWarning,
} from "./services/link-check.server";
export type { AddressChangeWarning, BrokenLink } from "./services/link-check.server";
