/**
 * Every staff-area address, in one place for server helpers, routes and components alike
 * (client-safe: not a .server module). Add a section to dashboardSections and it gets a place
 * in the staff area's sidebar, under its group.
 */
import { ACCOUNT_PATH, DASHBOARD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, LOGOUT_PATH } from "./staff-entry-paths";

export { ADMIN_ROOT, DASHBOARD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, LOGOUT_PATH } from "./staff-entry-paths";

export const adminPaths = {
  login: LOGIN_PATH,
  logout: LOGOUT_PATH,
  dashboard: DASHBOARD_PATH,
  /** The news list; article dialogs open over it. */
  news: `${DASHBOARD_PATH}/news`,
  newArticle: `${DASHBOARD_PATH}/news/new`,
  editArticle: (id: number) => `${DASHBOARD_PATH}/news/${id}/edit`,
  deleteArticle: (id: number) => `${DASHBOARD_PATH}/news/${id}/delete`,
  /** The charity's own pages (site editor, docs/site-editor.md). */
  sitePages: `${DASHBOARD_PATH}/pages`,
  sitePage: (key: string) => `${DASHBOARD_PATH}/pages/${key}`,
  sitePageHistory: (key: string) => `${DASHBOARD_PATH}/pages/${key}/history`,
  sitePageCompare: (key: string, revision: number) => `${DASHBOARD_PATH}/pages/${key}/history/${revision}`,
  /** Internal links of published pages and articles that lead nowhere. */
  brokenLinks: `${DASHBOARD_PATH}/pages/links`,
  /** The staff-only preview of a page's draft, in the public frame (visitors get a 404). */
  sitePagePreview: (key: string) => `/preview/pages/${key}`,
  stats: `${DASHBOARD_PATH}/stats`,
  donations: `${DASHBOARD_PATH}/donations`,
  donation: (id: number) => `${DASHBOARD_PATH}/donations/${id}`,
  cancelDonation: (id: number) => `${DASHBOARD_PATH}/donations/${id}/cancel`,
  /** Undo a payment recorded by mistake: a dialog over the pledge (a page of its own without JavaScript). */
  removePayment: (pledgeId: number, paymentId: number) =>
    `${DASHBOARD_PATH}/donations/${pledgeId}/payments/${paymentId}/remove`,
  donationsImport: `${DASHBOARD_PATH}/donations/import`,
  /** Give back some or all of a payment made by hand or by bank: a dialog over the pledge (a page of its own without JavaScript). */
  refundPayment: (pledgeId: number, paymentId: number) =>
    `${DASHBOARD_PATH}/donations/${pledgeId}/payments/${paymentId}/refund`,
  /** Money received by UK day and method (?from=&to=&method=&page=), with the day's totals. */
  payments: `${DASHBOARD_PATH}/payments`,
  /** Record a gift for an existing or a new supporter (from a bank statement line: ?line=&date=&amount=&text=&n=). */
  recordGift: `${DASHBOARD_PATH}/payments/new`,
  /** The same form for a bank statement line that names no pledge: the line as the import read it. */
  recordGiftFromLine: (line: {
    fingerprint: string;
    date: string;
    amountPence: number;
    description: string;
    occurrence: number;
  }) =>
    `${DASHBOARD_PATH}/payments/new?${new URLSearchParams({
      line: line.fingerprint,
      date: line.date,
      amount: String(line.amountPence),
      text: line.description,
      n: String(line.occurrence),
    })}`,
  /** A donor's yearly giving statement: the confirmation (GET ?year=) and the send (POST). */
  donationStatement: (id: number, year?: number) =>
    `${DASHBOARD_PATH}/donations/${id}/statement${year === undefined ? "" : `?year=${year}`}`,
  /** The same statement as a PDF download. */
  donationStatementPdf: (id: number, year: number) => `${DASHBOARD_PATH}/donations/${id}/statement.pdf?year=${year}`,
  /** Every donor's statement for a tax year at once: the preview (GET ?year=) and the send (POST). */
  donationsStatements: `${DASHBOARD_PATH}/donations/statements`,
  donationsExport: `${DASHBOARD_PATH}/donations/export.csv`,
  /** Every payment as CSV; ?from=&to= (YYYY-MM-DD, inclusive) narrow it to days received. */
  paymentsExport: `${DASHBOARD_PATH}/donations/payments.csv`,
  giftAid: `${DASHBOARD_PATH}/gift-aid`,
  giftAidClaim: (id: number) => `${DASHBOARD_PATH}/gift-aid/claims/${id}`,
  giftAidSchedule: (id: number) => `${DASHBOARD_PATH}/gift-aid/claims/${id}/schedule.csv`,
  /** HMRC's schedule spreadsheet; a batch of more than 1,000 rows is in parts (`part` 2, 3…). */
  giftAidScheduleOds: (id: number, part?: number) =>
    `${DASHBOARD_PATH}/gift-aid/claims/${id}/schedule.ods${part && part > 1 ? `?part=${part}` : ""}`,
  giftAidDeclaration: (id: number) => `${DASHBOARD_PATH}/gift-aid/declarations/${id}`,
  /** Gift Aid Small Donations Scheme: record cash and contactless gifts, the claim for a tax year (?year=2025). */
  smallDonations: (year?: number) =>
    `${DASHBOARD_PATH}/gift-aid/small-donations${year === undefined ? "" : `?year=${year}`}`,
  smallDonationsCsv: (year: number) => `${DASHBOARD_PATH}/gift-aid/small-donations.csv?year=${year}`,
  enquiries: `${DASHBOARD_PATH}/enquiries`,
  enquiry: (id: number) => `${DASHBOARD_PATH}/enquiries/${id}`,
  deleteEnquiry: (id: number) => `${DASHBOARD_PATH}/enquiries/${id}/delete`,
  enquiriesExport: `${DASHBOARD_PATH}/enquiries/export.csv`,
  /** Volunteer, internship and advisory-board applications; ?status=&interest=&kind=&q= filter the list. */
  volunteers: `${DASHBOARD_PATH}/volunteers`,
  volunteer: (id: number) => `${DASHBOARD_PATH}/volunteers/${id}`,
  volunteersExport: `${DASHBOARD_PATH}/volunteers/export.csv`,
  volunteerMails: `${DASHBOARD_PATH}/volunteers/emails`,
  subscribers: `${DASHBOARD_PATH}/subscribers`,
  subscriber: (id: number) => `${DASHBOARD_PATH}/subscribers/${id}`,
  subscribersExport: `${DASHBOARD_PATH}/subscribers/export.csv`,
  removeSubscriber: (id: number) => `${DASHBOARD_PATH}/subscribers/${id}/remove`,
  newsletters: `${DASHBOARD_PATH}/newsletters`,
  newNewsletter: `${DASHBOARD_PATH}/newsletters/new`,
  newsletter: (id: number) => `${DASHBOARD_PATH}/newsletters/${id}`,
  /** The confirmation ("Send to N confirmed subscribers") and the send itself (POST). */
  sendNewsletter: (id: number) => `${DASHBOARD_PATH}/newsletters/${id}/send`,
  /** The e-mail's HTML part as a page of its own, framed by the newsletter's page. */
  newsletterPreview: (id: number) => `${DASHBOARD_PATH}/newsletters/${id}/preview.html`,
  /** Newsletters, annual reports and research papers with their PDFs; their types. */
  publications: `${DASHBOARD_PATH}/publications`,
  newPublication: `${DASHBOARD_PATH}/publications/new`,
  publication: (id: number) => `${DASHBOARD_PATH}/publications/${id}`,
  deletePublication: (id: number) => `${DASHBOARD_PATH}/publications/${id}/delete`,
  publicationHistory: (id: number) => `${DASHBOARD_PATH}/publications/${id}/history`,
  publicationCompare: (id: number, revision: number) => `${DASHBOARD_PATH}/publications/${id}/history/${revision}`,
  /** A publication's staff-only preview of its newest words (a visitor gets 404). */
  publicationPreview: (id: number) => `/preview/publications/${id}`,
  /** The document as stored, for staff (a hidden publication's too). */
  publicationDocument: (id: number) => `${DASHBOARD_PATH}/publications/${id}/document.pdf`,
  publicationTypes: `${DASHBOARD_PATH}/publications/types`,
  /** The charity's appeals with goals: the list, a new one, one to edit. */
  appeals: `${DASHBOARD_PATH}/appeals`,
  newAppeal: `${DASHBOARD_PATH}/appeals/new`,
  appeal: (id: number) => `${DASHBOARD_PATH}/appeals/${id}`,
  /** Supporters' fundraising and tribute pages: the list (?status=) and one page's review. */
  fundraisingPages: `${DASHBOARD_PATH}/fundraising-pages`,
  fundraisingPage: (id: number) => `${DASHBOARD_PATH}/fundraising-pages/${id}`,
  /** The charity's projects: the list, a new one, one to edit (issue 52). */
  projects: `${DASHBOARD_PATH}/projects`,
  newProject: `${DASHBOARD_PATH}/projects/new`,
  project: (id: number) => `${DASHBOARD_PATH}/projects/${id}`,
  projectHistory: (id: number) => `${DASHBOARD_PATH}/projects/${id}/history`,
  projectCompare: (id: number, revision: number) => `${DASHBOARD_PATH}/projects/${id}/history/${revision}`,
  /** A project's staff-only preview of its newest words (a visitor gets 404). */
  projectPreview: (id: number) => `/preview/projects/${id}`,
  /** Public addresses that moved (301): the list, add and remove. */
  redirects: `${DASHBOARD_PATH}/redirects`,
  events: `${DASHBOARD_PATH}/events`,
  newEvent: `${DASHBOARD_PATH}/events/new`,
  event: (id: number) => `${DASHBOARD_PATH}/events/${id}`,
  editEvent: (id: number) => `${DASHBOARD_PATH}/events/${id}/edit`,
  /** The door's page for phones: search by name, type or scan a ticket's code. */
  eventCheckIn: (id: number) => `${DASHBOARD_PATH}/events/${id}/check-in`,
  eventAttendeesCsv: (id: number) => `${DASHBOARD_PATH}/events/${id}/attendees.csv`,
  mail: `${DASHBOARD_PATH}/mail`,
  mailMessage: (id: number) => `${DASHBOARD_PATH}/mail/${id}`,
  supporters: `${DASHBOARD_PATH}/supporters`,
  supporter: (id: number) => `${DASHBOARD_PATH}/supporters/${id}`,
  /** Merge another supporter into this one: the preview and confirmation (GET ?other=), the merge (POST). */
  mergeSupporter: (id: number) => `${DASHBOARD_PATH}/supporters/${id}/merge`,
  privacy: `${DASHBOARD_PATH}/privacy`,
  /** A person's data as a JSON download (?email=…). */
  privacyExport: `${DASHBOARD_PATH}/privacy/export.json`,
  /** Erasure: the confirmation page (GET ?email=…) and the erasure itself (POST). */
  privacyErase: `${DASHBOARD_PATH}/privacy/erase`,
  /** The charity's own details (names, numbers, contacts, bank account): admins only. */
  settings: `${DASHBOARD_PATH}/settings`,
  team: `${DASHBOARD_PATH}/team`,
  teamInvite: `${DASHBOARD_PATH}/team/invite`,
  teamMember: (id: number) => `${DASHBOARD_PATH}/team/${id}`,
  teamInvitation: (id: number) => `${DASHBOARD_PATH}/team/invitations/${id}`,
  /** The signed-in person's own page: password, second factor, sessions. */
  account: ACCOUNT_PATH,
  twoStep: `${DASHBOARD_PATH}/account/two-step`,
  forgotPassword: FORGOT_PASSWORD_PATH,
  /** Where an invitation link and a password-reset link lead (the token is the last segment). */
  acceptInvitation: (token: string) => `/admin/invitation/${token}`,
  resetPassword: (token: string) => `/admin/reset-password/${token}`,
  confirmEmail: (token: string) => `/admin/confirm-email/${token}`,
  /** The second step of signing in, when a second factor is on. */
  signInCode: "/admin/login/code",
} as const;

/** The three fixed staff roles (docs/team.md): the one list, which db/schema.ts and the guards use too. */
export const ROLES = ["admin", "fundraising", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = {
  admin: "Admin",
  fundraising: "Fundraising",
  editor: "Editor",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * The sidebar's groups, in order. "home" has no heading (the overview and statistics); a new
 * section is one entry in dashboardSections with its group.
 */
export const dashboardGroups = [
  { id: "home", label: null },
  { id: "content", label: "Content" },
  { id: "money", label: "Money" },
  { id: "people", label: "People" },
  { id: "admin", label: "Admin" },
] as const;

export type DashboardGroup = (typeof dashboardGroups)[number]["id"];

export interface DashboardSection {
  /** What a route names when it asks `requireRole(request, key)`. */
  key: string;
  label: string;
  to: string;
  group: DashboardGroup;
  /** Who may open it: the one place that decides (the server checks it in every loader and action). */
  roles: readonly Role[];
  /** Not in the sidebar (reached from elsewhere, e.g. the person's own account page). */
  hidden?: boolean;
}

const everyone = ROLES;
const money = ["admin", "fundraising"] as const;

/**
 * The dashboard's sections, in sidebar order within each group, each with the roles that may open
 * it. The first is the dashboard itself (the overview). A new section is one entry here; its routes
 * then call `requireRole(request, "its-key")`, and the role table test covers them.
 */
export const dashboardSections = [
  { key: "overview", label: "Overview", to: adminPaths.dashboard, group: "home", roles: everyone },
  { key: "stats", label: "Statistics", to: adminPaths.stats, group: "home", roles: everyone },
  { key: "news", label: "News", to: adminPaths.news, group: "content", roles: ["admin", "editor"] },
  { key: "pages", label: "Site pages", to: adminPaths.sitePages, group: "content", roles: ["admin", "editor"] },
  {
    key: "newsletters",
    label: "Newsletters",
    to: adminPaths.newsletters,
    group: "content",
    roles: ["admin", "editor"],
  },
  {
    key: "publications",
    label: "Publications",
    to: adminPaths.publications,
    group: "content",
    roles: ["admin", "editor"],
  },
  { key: "appeals", label: "Appeals", to: adminPaths.appeals, group: "content", roles: everyone },
  { key: "projects", label: "Projects", to: adminPaths.projects, group: "content", roles: ["admin", "editor"] },
  { key: "redirects", label: "Redirects", to: adminPaths.redirects, group: "content", roles: ["admin", "editor"] },
  { key: "donations", label: "Donations", to: adminPaths.donations, group: "money", roles: money },
  { key: "payments", label: "Payments", to: adminPaths.payments, group: "money", roles: money },
  {
    key: "fundraising-pages",
    label: "Fundraising pages",
    to: adminPaths.fundraisingPages,
    group: "money",
    roles: money,
  },
  { key: "gift-aid", label: "Gift Aid", to: adminPaths.giftAid, group: "money", roles: money },
  { key: "events", label: "Events", to: adminPaths.events, group: "money", roles: money },
  { key: "supporters", label: "Supporters", to: adminPaths.supporters, group: "people", roles: money },
  { key: "enquiries", label: "Enquiries", to: adminPaths.enquiries, group: "people", roles: money },
  { key: "volunteers", label: "Volunteers", to: adminPaths.volunteers, group: "people", roles: money },
  { key: "subscribers", label: "Subscribers", to: adminPaths.subscribers, group: "people", roles: money },
  { key: "privacy", label: "Privacy requests", to: adminPaths.privacy, group: "people", roles: money },
  { key: "team", label: "Team", to: adminPaths.team, group: "admin", roles: ["admin"] },
  { key: "settings", label: "Settings", to: adminPaths.settings, group: "admin", roles: ["admin"] },
  { key: "mail", label: "Mail log", to: adminPaths.mail, group: "admin", roles: money },
  { key: "account", label: "Your account", to: adminPaths.account, group: "admin", roles: everyone, hidden: true },
] as const satisfies readonly DashboardSection[];

export type SectionKey = (typeof dashboardSections)[number]["key"];

/** Whether a person with this role may open the section. */
export function canOpen(role: Role, section: SectionKey): boolean {
  const entry = dashboardSections.find((candidate) => candidate.key === section);
  return entry ? (entry.roles as readonly Role[]).includes(role) : false;
}

/** The sections a role sees in the sidebar: only those it may open. */
export function sectionsFor(role: Role): DashboardSection[] {
  return dashboardSections.filter((section) => !("hidden" in section && section.hidden) && canOpen(role, section.key));
}

/** The sections grouped for the sidebar, empty groups left out. */
export function groupedSections(
  sections: readonly DashboardSection[] = dashboardSections,
): { id: DashboardGroup; label: string | null; sections: DashboardSection[] }[] {
  return dashboardGroups
    .map((group) => ({ id: group.id, label: group.label, sections: sections.filter((s) => s.group === group.id) }))
    .filter((group) => group.sections.length > 0);
}

/** The section a staff-area path belongs to: the longest section path it starts with. */
export function sectionOf(pathname: string): DashboardSection {
  const [home, ...others]: readonly DashboardSection[] = dashboardSections;
  const match = others
    .filter((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return match ?? home;
}
