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

const heading = (label = "Heading (the page's main heading)"): PageField => ({ name: "heading", label, kind: "line" });

const markdownHint =
  'Markdown: a blank line between paragraphs, ## for a section heading, **bold**, *italic*, [words that say where it goes](/address), - for a list. An image: ![what it shows](/images/…); a decorative one: ![](/images/… "decorative").';

const getInvolvedFields: readonly PageField[] = [
  { name: "title", label: "Title (the page's main heading)", kind: "line" },
  {
    name: "summary",
    label: "Summary",
    kind: "line",
    hint: "One line for the card on Get Involved and for search engines.",
  },
  { name: "body", label: "Words", kind: "markdown", hint: markdownHint, check: { titleIsH1: true } },
  { name: "emailSubject", label: "E-mail subject", kind: "line", hint: "What visitors' e-mail to the charity says." },
];

const getInvolved = (key: string, label: string): SitePageDef => ({
  key,
  label,
  path: `/get-involved/${key}`,
  group: "Get Involved",
  fields: getInvolvedFields,
  lists: [],
});

/** Every page staff edit, in the list's order. */
export const sitePages: readonly SitePageDef[] = [
  {
    key: "home",
    label: "Home",
    path: "/",
    group: "Home",
    fields: [
      { name: "welcomeHeading", label: "Welcome heading (the page's main heading)", kind: "line" },
      { name: "welcomeIntro", label: "Welcome words", kind: "paragraph" },
      { name: "missionHeading", label: "Mission heading", kind: "line" },
      { name: "missionIntro", label: "Mission words", kind: "paragraph" },
      { name: "closingHeading", label: "Closing call to action: heading", kind: "line" },
      { name: "closingText", label: "Closing call to action: words", kind: "paragraph" },
    ],
    lists: [
      {
        name: "slides",
        label: "Hero slides",
        itemLabel: "Slide",
        max: 8,
        fields: [
          {
            name: "image",
            label: "Picture's address",
            kind: "line",
            hint: "Filled in when you upload a picture below; or an image under /images/.",
            picture: { alt: "alt", decorative: "decorative", width: "large" },
          },
          { name: "alt", label: "Picture's description (alt text)", kind: "line", optional: true },
          { name: "decorative", label: "Decorative: the picture says nothing the page does not", kind: "flag" },
          { name: "caption", label: "Caption", kind: "line" },
        ],
      },
      {
        name: "pillars",
        label: "Mission pillars",
        itemLabel: "Pillar",
        max: 6,
        fields: [
          { name: "title", label: "Title", kind: "line" },
          { name: "text", label: "Words", kind: "paragraph" },
        ],
      },
      {
        name: "needs",
        label: "Current needs",
        itemLabel: "Need",
        max: 6,
        fields: [
          { name: "title", label: "Title", kind: "line" },
          { name: "text", label: "Words", kind: "paragraph" },
          {
            name: "linkLabel",
            label: "Donate link's name for screen readers",
            kind: "line",
            hint: "Says where the card's Donate link goes, e.g. Donate to healthcare access.",
          },
        ],
      },
    ],
  },
  {
    key: "about",
    label: "About us",
    path: "/about",
    group: "About",
    fields: [
      heading(),
      { name: "body", label: "Words", kind: "markdown", hint: markdownHint, check: { titleIsH1: true } },
    ],
    lists: [],
  },
  {
    key: "history",
    label: "Our History",
    path: "/about/history",
    group: "About",
    fields: [heading()],
    lists: [
      {
        name: "milestones",
        label: "Milestones",
        itemLabel: "Milestone",
        max: 30,
        fields: [
          { name: "period", label: "When", kind: "line" },
          { name: "title", label: "Title", kind: "line" },
          { name: "text", label: "Words", kind: "paragraph" },
        ],
      },
    ],
  },
  {
    key: "faq",
    label: "FAQ",
    path: "/about/faq",
    group: "About",
    fields: [heading()],
    lists: [
      {
        name: "questions",
        label: "Questions",
        itemLabel: "Question",
        max: 40,
        fields: [
          { name: "question", label: "Question", kind: "line" },
          {
            name: "answer",
            label: "Answer",
            kind: "markdown",
            hint: "Markdown: a blank line between paragraphs; links say where they go.",
            check: { fragment: true, baseLevel: 1 },
          },
        ],
      },
    ],
  },
  {
    key: "team",
    label: "Our Team",
    path: "/about/team",
    group: "About",
    fields: [
      heading(),
      { name: "intro", label: "Introduction", kind: "paragraph" },
      { name: "trusteesHeading", label: "Trustees' heading", kind: "line" },
      { name: "staffHeading", label: "Staff and officers' heading", kind: "line" },
    ],
    lists: [
      {
        name: "people",
        label: "People",
        itemLabel: "Person",
        max: 40,
        fields: [
          { name: "name", label: "Name", kind: "line" },
          { name: "role", label: "Role", kind: "line" },
          {
            name: "group",
            label: "Group",
            kind: "choice",
            options: [
              { value: "trustee", label: "Trustee" },
              { value: "staff", label: "Staff or officer" },
            ],
          },
          {
            name: "photo",
            label: "Photo's address",
            kind: "line",
            optional: true,
            hint: "Optional: filled in when you upload a photo below; or an image under /images/.",
            picture: { alt: "photoAlt", decorative: "photoDecorative", width: "small" },
          },
          { name: "photoAlt", label: "Photo's description (alt text)", kind: "line", optional: true },
          { name: "photoDecorative", label: "Decorative: the photo says nothing the page does not", kind: "flag" },
          { name: "bio", label: "Short bio", kind: "paragraph", optional: true },
        ],
      },
    ],
  },
  getInvolved("share-my-day", "Share My Day"),
  getInvolved("memoriam", "In Memoriam"),
  getInvolved("volunteers", "Volunteers"),
  getInvolved("internships", "Internship Programme"),
  getInvolved("advisors", "Advisory Board"),
  {
    key: "donate",
    label: "Donate: value examples and reasons",
    path: "/donate",
    group: "Donate",
    fields: [
      { name: "heroTitle", label: "Heading (the page's main heading)", kind: "line" },
      { name: "heroLead", label: "Words under the heading", kind: "paragraph" },
    ],
    lists: [
      {
        name: "valueExamples",
        label: "What a gift can pay for",
        itemLabel: "Example",
        max: 6,
        fields: [
          { name: "amount", label: "Amount (£, whole pounds)", kind: "line" },
          { name: "title", label: "Title", kind: "line" },
          { name: "description", label: "Words", kind: "paragraph" },
        ],
      },
      {
        name: "reasons",
        label: "Reasons to give",
        itemLabel: "Reason",
        max: 6,
        fields: [
          { name: "title", label: "Title", kind: "line" },
          { name: "description", label: "Words", kind: "paragraph" },
        ],
      },
    ],
  },
  {
    key: "privacy",
    label: "Privacy Policy: introduction",
    path: "/privacy",
    group: "Legal",
    legal: true,
    fields: [{ name: "intro", label: "Introduction", kind: "paragraph" }],
    lists: [],
  },
  {
    key: "terms",
    label: "Terms of Use: introduction",
    path: "/terms",
    group: "Legal",
    legal: true,
    fields: [{ name: "intro", label: "Introduction", kind: "paragraph" }],
    lists: [],
  },
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
    intent: z.enum(["draft", "submit", "publish", "schedule"], { error: "Choose what to do with the page" }),
    // A date and time as the browser's date-time field sends it (UK time; the service checks it is ahead).
    publish_at: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .refine(
          (value) => fromLondonLocal(value) !== null,
          "Enter the day and time to publish at (UK time), e.g. 06/10/2030 09:00",
        )
        .optional(),
    ),
  });
}

export type SitePageIntent = "draft" | "submit" | "publish" | "schedule";

/** A revision as the history lists it (the service's pageHistory, the staff history pages). */
export interface RevisionEntry {
  id: number;
  kind: "original" | "draft" | "submitted" | "published" | "restored";
  createdAt: string;
  createdBy: string;
  publishAt: string | null;
  publishedBy: string | null;
  note: string | null;
  live: boolean;
  scheduled: boolean;
}
