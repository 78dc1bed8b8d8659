import { fromLondonLocal } from "~/utils/dates";
import { z } from "zod";
import type { ContentCheckOptions } from "~/publishing/utils/content-checks";

// The charity's own pages that staff edit (issue 52, docs/site-editor.md): which pages there are,
// where each shows, and the fields of each, with the form's rules. Client-safe (the staff form
// draws its fields from here); the words each page starts with are
// app/publishing/services/site-page-defaults.server.ts, and its revisions are in the database
// (db/migrations/0043_site_pages.ts).

/** A field's kind: one line, a plain paragraph, Markdown (checked before publishing), a choice, or a tick box ("on" or ""). */
export type PageFieldKind = "line" | "paragraph" | "markdown" | "choice" | "flag";

/**
 * A picture's address field: the form offers an upload beside it (the image pipeline stores it and
 * its address fills the field), and the picture needs its description (`alt`, a field of the same
 * item) unless its `decorative` tick box says it only decorates (then it is shown with alt="").
 */
export interface PictureField {
  alt: string;
  decorative: string;
  /** Which stored width the address names: a card's photo (480 px) or a wide hero (the widest). */
  width: "small" | "large";
}

export interface PageField {
  name: string;
  label: string;
  kind: PageFieldKind;
  hint?: string;
  optional?: boolean;
  /** For a choice: the values and what staff see. */
  options?: readonly { value: string; label: string }[];
  /** For Markdown: how checkContent checks it (where its headings sit on the page). */
  check?: ContentCheckOptions;
  /** For a picture's address: the upload beside it and its description's fields. */
  picture?: PictureField;
}

export interface PageList {
  name: string;
  /** The list's legend ("Questions"). */
  label: string;
  /** One item's name ("Question"), numbered in the form. */
  itemLabel: string;
  fields: readonly PageField[];
  /** How many items at most. */
  max: number;
}

export interface SitePageDef {
  key: string;
  /** The name staff see in the list. */
  label: string;
  /** Where visitors see it. */
  path: string;
  group: "Home" | "About" | "Get Involved" | "Donate" | "Legal";
  /** Legal pages (privacy, terms): only an admin publishes them, whatever Settings say. */
  legal?: boolean;
  fields: readonly PageField[];
  lists: readonly PageList[];
}

/** The page's text as stored in a revision: its fields, and its lists of items. */
export interface PageDocument {
  fields: Record<string, string>;
  lists: Record<string, Record<string, string>[]>;
}

/** A page's words as a page shows them: the charity's current details in place of the defaults, each Markdown field also as HTML (`<name>Html`). */
export interface ShownPage {
  fields: Record<string, string>;
  lists: Record<string, Record<string, string>[]>;
}

// The pages below are built from these: one line a field, so a page reads as its list of fields.
type FieldExtras = Omit<PageField, "name" | "label" | "kind">;
const field =
  (kind: PageFieldKind) =>
  (name: string, label: string, extras: FieldExtras = {}): PageField => ({ name, label, kind, ...extras });
const line = field("line");
const paragraph = field("paragraph");
const markdown = field("markdown");
const flag = field("flag");

const list = (name: string, label: string, itemLabel: string, max: number, fields: PageField[]): PageList => ({
  name,
  label,
  itemLabel,
  max,
  fields,
});

const page = (
  key: string,
  label: string,
  path: string,
  group: SitePageDef["group"],
  fields: PageField[],
  lists: PageList[] = [],
  extras: { legal?: boolean } = {},
): SitePageDef => ({ key, label, path, group, fields, lists, ...extras });

const MAIN_HEADING = "Heading (the page's main heading)";
const heading = () => line("heading", MAIN_HEADING);

/** A title and its words: a pillar's, a need's, a milestone's, a reason's. */
const titled = (words = "text") => [line("title", "Title"), paragraph(words, "Words")];

/** A picture's address with its upload, its description and its Decorative tick (`alt`, `decorative` named per list). */
function picture(
  names: { address: string; alt: string; decorative: string },
  noun: "Picture" | "Photo",
  extras: { width: PictureField["width"]; optional?: boolean; hint: string },
): PageField[] {
  const optional = extras.optional ?? false;
  return [
    line(names.address, `${noun}'s address`, {
      hint: extras.hint,
      optional,
      picture: { alt: names.alt, decorative: names.decorative, width: extras.width },
    }),
    line(names.alt, `${noun}'s description (alt text)`, { optional: true }),
    flag(names.decorative, `Decorative: the ${noun.toLowerCase()} says nothing the page does not`),
  ];
}

const markdownHint =
  'Markdown: a blank line between paragraphs, ## for a section heading, **bold**, *italic*, [words that say where it goes](/address), - for a list. An image: ![what it shows](/images/…); a decorative one: ![](/images/… "decorative").';

/** A page's words under a title printed as its h1 (About, Get Involved pages). */
const bodyUnderTitle = () => markdown("body", "Words", { hint: markdownHint, check: { titleIsH1: true } });

const getInvolvedFields: PageField[] = [
  line("title", "Title (the page's main heading)"),
  line("summary", "Summary", { hint: "One line for the card on Get Involved and for search engines." }),
  bodyUnderTitle(),
  line("emailSubject", "E-mail subject", { hint: "What visitors' e-mail to the charity says." }),
];

const getInvolved = (key: string, label: string) =>
  page(key, label, `/get-involved/${key}`, "Get Involved", getInvolvedFields);

const legalIntro = (key: string, label: string) =>
  page(key, label, `/${key}`, "Legal", [paragraph("intro", "Introduction")], [], { legal: true });

/** Every page staff edit, in the list's order. */
export const sitePages: readonly SitePageDef[] = [
  page(
    "home",
    "Home",
    "/",
    "Home",
    [
      line("welcomeHeading", "Welcome heading (the page's main heading)"),
      paragraph("welcomeIntro", "Welcome words"),
      line("missionHeading", "Mission heading"),
      paragraph("missionIntro", "Mission words"),
      line("closingHeading", "Closing call to action: heading"),
      paragraph("closingText", "Closing call to action: words"),
    ],
    [
      list("slides", "Hero slides", "Slide", 8, [
        ...picture({ address: "image", alt: "alt", decorative: "decorative" }, "Picture", {
          width: "large",
          hint: "Filled in when you upload a picture below; or an image under /images/.",
        }),
        line("caption", "Caption"),
      ]),
      list("pillars", "Mission pillars", "Pillar", 6, titled()),
      list("needs", "Current needs", "Need", 6, [
        ...titled(),
        line("linkLabel", "Donate link's name for screen readers", {
          hint: "Says where the card's Donate link goes, e.g. Donate to healthcare access.",
        }),
      ]),
    ],
  ),
  page("about", "About us", "/about", "About", [heading(), bodyUnderTitle()]),
  page(
    "history",
    "Our History",
    "/about/history",
    "About",
    [heading()],
    [list("milestones", "Milestones", "Milestone", 30, [line("period", "When"), ...titled()])],
  ),
  page(
    "faq",
    "FAQ",
    "/about/faq",
    "About",
    [heading()],
    [
      list("questions", "Questions", "Question", 40, [
        line("question", "Question"),
        markdown("answer", "Answer", {
          hint: "Markdown: a blank line between paragraphs; links say where they go.",
          check: { fragment: true, baseLevel: 1 },
        }),
      ]),
    ],
  ),
  page(
    "team",
    "Our Team",
    "/about/team",
    "About",
    [
      heading(),
      paragraph("intro", "Introduction"),
      line("trusteesHeading", "Trustees' heading"),
      line("staffHeading", "Staff and officers' heading"),
    ],
    [
      list("people", "People", "Person", 40, [
        line("name", "Name"),
        line("role", "Role"),
        field("choice")("group", "Group", {
          options: [
            { value: "trustee", label: "Trustee" },
            { value: "staff", label: "Staff or officer" },
          ],
        }),
        ...picture({ address: "photo", alt: "photoAlt", decorative: "photoDecorative" }, "Photo", {
          width: "small",
          optional: true,
          hint: "Optional: filled in when you upload a photo below; or an image under /images/.",
        }),
        paragraph("bio", "Short bio", { optional: true }),
      ]),
    ],
  ),
  getInvolved("share-my-day", "Share My Day"),
  getInvolved("memoriam", "In Memoriam"),
  getInvolved("volunteers", "Volunteers"),
  getInvolved("internships", "Internship Programme"),
  getInvolved("advisors", "Advisory Board"),
  page(
    "donate",
    "Donate: value examples and reasons",
    "/donate",
    "Donate",
    [line("heroTitle", MAIN_HEADING), paragraph("heroLead", "Words under the heading")],
    [
      list("valueExamples", "What a gift can pay for", "Example", 6, [
        line("amount", "Amount (£, whole pounds)"),
        ...titled("description"),
      ]),
      list("reasons", "Reasons to give", "Reason", 6, titled("description")),
    ],
  ),
  legalIntro("privacy", "Privacy Policy: introduction"),
  legalIntro("terms", "Terms of Use: introduction"),
];

export type SitePageKey = string;

export function sitePageDef(key: string | undefined): SitePageDef | undefined {
  return sitePages.find((page) => page.key === key);
}

const LIMITS: Record<PageFieldKind, number> = { line: 200, paragraph: 2000, markdown: 20_000, choice: 50, flag: 2 };

/** Blank rows the form adds under each list, so an item can be added without JavaScript. */
export const BLANK_ROWS = 1;

function fieldSchema(field: PageField) {
  // A tick box arrives as "on" when ticked, absent when not.
  if (field.kind === "flag")
    return z
      .string()
      .optional()
      .transform((value) => (value === "on" ? "on" : ""));
  let text = z
    .string({ error: `Enter the ${field.label.toLowerCase()}` })
    .trim()
    .max(LIMITS[field.kind], `${field.label} can have at most ${LIMITS[field.kind]} characters`);
  if (field.options) {
    const values = field.options.map((option) => option.value);
    text = text.refine((value) => values.includes(value), `Choose the ${field.label.toLowerCase()}`);
  }
  if (field.name === "amount") text = text.regex(/^\d{1,6}$/, "Enter the amount in whole pounds, e.g. 25");
  // An optional field left empty arrives absent (Conform reads an empty box as undefined): stored as "".
  return field.optional
    ? z
        .string()
        .trim()
        .max(LIMITS[field.kind], `${field.label} can have at most ${LIMITS[field.kind]} characters`)
        .optional()
        .transform((value) => value ?? "")
    : text;
}

export const DESCRIBE_PICTURE =
  "Describe the picture (people who use screen readers hear this text instead of seeing it), or tick Decorative if it only decorates";

/** The picture fields of `item` that show a picture with neither a description nor the Decorative tick. */
export function undescribedPictures(list: PageList, item: Record<string, string>): PageField[] {
  return list.fields.filter(
    (field) =>
      field.picture && item[field.name] && !item[field.picture.alt]?.trim() && item[field.picture.decorative] !== "on",
  );
}

/** Whether a posted list item is blank (every box left empty): it is dropped, not refused. */
function blankItem(value: unknown): boolean {
  if (!value || typeof value !== "object") return true;
  return Object.values(value as Record<string, unknown>).every((v) => v === undefined || v === null || v === "");
}

/**
 * The words a posted edit form holds, read as typed, for the preview of unsaved input: nothing is
 * refused (an empty box is empty on the page, an over-long one is cut to its limit) and blank list
 * items are dropped, as a save would. Client-safe; files are left out (a photo is stored on save).
 */
export function documentFromForm(def: SitePageDef, form: FormData): PageDocument {
  const text = (name: string, field: PageField) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, LIMITS[field.kind]) : "";
  };
  const fields = Object.fromEntries(def.fields.map((field) => [field.name, text(`fields.${field.name}`, field)]));
  const lists = Object.fromEntries(
    def.lists.map((list) => {
      const items: Record<string, string>[] = [];
      for (let i = 0; i < list.max + BLANK_ROWS; i++) {
        const item = Object.fromEntries(
          list.fields.map((field) => [field.name, text(`lists.${list.name}[${i}].${field.name}`, field)]),
        );
        if (!blankItem(item)) items.push(item);
      }
      return [list.name, items.slice(0, list.max)];
    }),
  );
  return { fields, lists };
}

/**
 * The edit form's rules for a page: its fields, and each list's items (a blank item is dropped,
 * a started one needs its fields). Also `intent` (which button) and `publish_at` (UK time).
 */
export function sitePageFormSchema(def: SitePageDef) {
  const fields = z.object(Object.fromEntries(def.fields.map((field) => [field.name, fieldSchema(field)])));
  const lists = z.object(
    Object.fromEntries(
      def.lists.map((list) => {
        const item = z
          .object(Object.fromEntries(list.fields.map((field) => [field.name, fieldSchema(field)])))
          .superRefine((value, ctx) => {
            for (const field of undescribedPictures(list, value as Record<string, string>)) {
              ctx.addIssue({ code: "custom", path: [field.picture!.alt], message: DESCRIBE_PICTURE });
            }
          });
        return [
          list.name,
          z.preprocess(
            (value) => (Array.isArray(value) ? value.filter((entry) => !blankItem(entry)) : []),
            z.array(item).max(list.max, `At most ${list.max} items in ${list.label}`),
          ),
        ];
      }),
    ),
  );
  return z.object({
    fields,
    lists: z.preprocess((v) => v ?? {}, lists),
    intent: z.enum(CONTENT_INTENTS, { error: "Choose what to do with the page" }),
    publish_at: publishAtField,
  });
}

/** What a save of site content does (pages, projects, publications): the button pressed. */
export const CONTENT_INTENTS = ["draft", "submit", "publish", "schedule"] as const;

/** A date and time as the browser's date-time field sends it (UK time; the service checks it is ahead). */
export const publishAtField = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .refine(
      (value) => fromLondonLocal(value) !== null,
      "Enter the day and time to publish at (UK time), e.g. 06/10/2030 09:00",
    )
    .optional(),
);

export type SitePageIntent = "draft" | "submit" | "publish" | "schedule";

/** A revision as the history lists it (the service's pageHistory, the staff history pages). */
export interface RevisionEntry {
  id: number;
  /** The version's place in its own history, the first save being 1 (ids are shared by every page, project and publication). */
  number: number;
  kind: "original" | "draft" | "submitted" | "published" | "restored";
  createdAt: string;
  createdBy: string;
  publishAt: string | null;
  publishedBy: string | null;
  note: string | null;
  live: boolean;
  scheduled: boolean;
}
