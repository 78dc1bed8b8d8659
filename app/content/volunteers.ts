// Wording of volunteer applications for the staff Volunteers section, e-mails and
// Settings, with the public form's words (app/content/volunteer-form.ts, which the public pages
// import alone). Client-safe.
import type { VolunteerKind } from "./volunteer-form";

export * from "./volunteer-form";

export const volunteerKindLabels: Record<VolunteerKind, string> = {
  volunteers: "Volunteer",
  internships: "Internship",
  advisors: "Advisory board",
};

/** New → Contacted → Interviewed → Active → Inactive / Declined. */
export const volunteerStatuses = ["new", "contacted", "interviewed", "active", "inactive", "declined"] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

export const volunteerStatusLabels: Record<VolunteerStatus, string> = {
  new: "New",
  contacted: "Contacted",
  interviewed: "Interviewed",
  active: "Active",
  inactive: "Inactive",
  declined: "Declined",
};

export function isVolunteerStatus(value: unknown): value is VolunteerStatus {
  return typeof value === "string" && (volunteerStatuses as readonly string[]).includes(value);
}

/** The statuses staff may move an application to from `current`: any other, except back to New. */
export function nextVolunteerStatuses(current: VolunteerStatus): VolunteerStatus[] {
  return volunteerStatuses.filter((status) => status !== current && status !== "new");
}

/** The interests offered on a fresh database, one per line (an admin edits them in Settings). */
export const defaultVolunteerInterests = [
  "Fundraising events",
  "Packing supplies",
  "Translation",
  "Design",
  "Writing and social media",
  "Office support",
  "Medical project visits",
].join("\n");

export const volunteerStaff = {
  title: "Volunteers",
  /** The list's count, its empty states and its page links. */
  list: {
    one: "application",
    many: "applications",
    empty: "No applications match.",
    emptyPage: "There is nothing on this page.",
    pages: "Application pages",
  },
  notFound: "There is no such application: it may have been deleted.",
  searchHelp: "Names by their start, like “ann” or “ann o”.",
  statusIntro: "Move the application on, with a note for the team if you like.",
  sameStatus: (label: string) => `This application is already ${label}.`,
  noteLabel: "Note",
  noteHint: "Optional: what was said or agreed. Kept in the application's history.",
};
