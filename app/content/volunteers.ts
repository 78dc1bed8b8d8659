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

/** The statuses whose change can e-mail the applicant, each from its own template (0048). */
export const volunteerMailStatuses = ["contacted", "active", "declined"] as const;
export type VolunteerMailStatus = (typeof volunteerMailStatuses)[number];

export function isVolunteerMailStatus(value: unknown): value is VolunteerMailStatus {
  return typeof value === "string" && (volunteerMailStatuses as readonly string[]).includes(value);
}

/** What {role} becomes in a template, with its article: "…applying to be {role} with {charity}". */
export const volunteerRoleWords: Record<VolunteerKind, string> = {
  volunteers: "a volunteer",
  internships: "an intern",
  advisors: "a member of our advisory board",
};

/** The placeholders a template may use, and what each becomes. */
export const volunteerMailPlaceholders = ["{name}", "{role}", "{charity}"] as const;

/** The staff page where the templates are edited, and the status form's checkbox. */
export const volunteerMailStaff = {
  title: "E-mails to applicants",
  link: "E-mails to applicants",
  intro:
    "The kind e-mail an applicant can be sent when you move their application to Contacted, Active or Declined. Replies reach the charity's contact e-mail, and the charity's name, numbers and contact details are added under every e-mail.",
  placeholders:
    "{name} becomes the applicant's name, {role} what they applied for (“a volunteer”, “an intern”, “a member of our advisory board”) and {charity} the charity's name. Leave a blank line between paragraphs.",
  heading: (status: string) => `When an application is marked ${status}`,
  subjectLabel: "Subject",
  bodyLabel: "Message",
  save: (status: string) => `Save the ${status} e-mail`,
  lastChanged: (when: string, by: string) => `Last changed ${when} by ${by}.`,
  neverChanged: "The words it was set up with: not changed yet.",
  unknownPlaceholder: (token: string) => `${token} is not a placeholder: use {name}, {role} or {charity}.`,
  emailApplicant: "E-mail the applicant",
  emailApplicantHint:
    "With Contacted, Active or Declined, it sends that status's kind e-mail; other statuses send nothing. Read or change their words:",
  emailed: "The applicant was e-mailed.",
};
