// Long because it is every Settings form on one page: the charity's details by group, and the
// switches (payment reminders, the newsletter soft opt-in), each saved on its own.
import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { FormError, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { charityDefaults, placeholderSettingKeys, site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import {
  isSettingsGroup,
  SETTINGS_GROUP_FIELD,
  settingsGroupSchemaFor,
  settingsGroupSchemas,
} from "~/site/schemas/charity-settings";
import { getCharitySettings, saveCharitySettings, settingsHistory } from "~/site/index.server";
import { takeFlash } from "~/site/index.server";
import { remindersEnabled, setRemindersEnabled } from "~/giving/index.server";
import { setSoftOptInEnabled, softOptInEnabled } from "~/supporters/index.server";
import { editorsMayPublish, setEditorsMayPublish } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import {
  settingsFields,
  settingsGroupLegends,
  settingsGroups,
  type CharitySettings,
  type SettingKey,
  type SettingsGroup,
} from "~/utils/charity-settings";
import { formatWhatsappNumber } from "~/utils/phone-numbers";
import { pageMeta } from "~/utils/meta";
import { REMINDER_AFTER_DAYS } from "~/utils/receipts";

// The charity's own details, edited by admins: a form per group (fieldset), each saved on its
// own, so fixing the bank details never needs the rest to be complete. Works without
// JavaScript (the server answers with field errors and the input kept); with it, fields are
// checked as they are left. Saving clears the cached public pages (app/site/services/charity-settings.server.ts).

export const meta: MetaFunction = () =>
  pageMeta({ title: "Settings", description: `The details of ${site.name} shown on the site.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "settings");
  const [settings, history, reminders, softOptIn, editorsPublish] = await Promise.all([
    getCharitySettings(),
    settingsHistory(),
    remindersEnabled(),
    softOptInEnabled(),
    editorsMayPublish(),
  ]);
  const flash = await takeFlash(request);
  return json(
    {
      notice: flash.message,
      settings,
      history,
      unset: unsetFields(settings),
      untouched: untouchedPlaceholders(settings),
      reminders,
      softOptIn,
      editorsPublish,
    },
    { headers: flash.headers },
  );
}

/** The settings still holding a fresh database's placeholder, each as the form shows it. */
function untouchedPlaceholders(settings: CharitySettings): Partial<Record<SettingKey, string>> {
  return Object.fromEntries(
    placeholderSettingKeys
      .filter((key) => settings[key] === charityDefaults[key])
      .map((key) => [key, shownValue(key, settings[key])]),
  );
}

/** A setting as its form field shows it: the WhatsApp number as people write it (stored as international digits for wa.me links). */
function shownValue(key: SettingKey, value: string): string {
  return key === "whatsappNumber" ? formatWhatsappNumber(value) : value;
}

/** The labels of the details still a placeholder of a fresh database, or that would not pass the form. */
function unsetFields(settings: CharitySettings): string[] {
  return settingsGroups.flatMap((group) => {
    const result = settingsGroupSchemas[group].safeParse(settings);
    const keys = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
    for (const key of placeholderSettingKeys) if (settings[key] === charityDefaults[key]) keys.add(key);
    return settingsFields[group].filter(({ key }) => keys.has(key)).map(({ label }) => label);
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form: formData } = await staffAction(request, "settings");
  const group = formData.get(SETTINGS_GROUP_FIELD);
  // A switch's checkbox: ticked sends "on", unticked sends nothing.
  if (group === REMINDERS_GROUP) {
    await setRemindersEnabled(formData.get(REMINDERS_GROUP) === "on", user.username);
    return savedRedirect(adminPaths.settings, "settings-saved");
  }
  if (group === SOFT_OPT_IN_GROUP) {
    await setSoftOptInEnabled(formData.get(SOFT_OPT_IN_GROUP) === "on", user.username);
    return savedRedirect(adminPaths.settings, "settings-saved");
  }
  if (group === EDITORS_PUBLISH_GROUP) {
    await setEditorsMayPublish(formData.get(EDITORS_PUBLISH_GROUP) === "on", user.username);
    return savedRedirect(adminPaths.settings, "settings-saved");
  }
  if (!isSettingsGroup(group)) {
    return json(
      { group: null, result: null, error: "Choose one of the groups on this page to save." },
      { status: 400 },
    );
  }
  // A placeholder posted as it was shown is kept, not checked (settingsGroupSchemaFor).
  const schema = settingsGroupSchemaFor(group, formData, untouchedPlaceholders(await getCharitySettings()));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return json({ group, result: submission.reply(), error: null }, { status: 400 });
  }
  await saveCharitySettings(group, submission.value as Partial<CharitySettings>, user.username);
  return savedRedirect(adminPaths.settings, "settings-saved");
}

/** The donor e-mail switches' forms, each saved apart from the charity's details. */
const REMINDERS_GROUP = "reminders";
const SOFT_OPT_IN_GROUP = "softOptIn";
const EDITORS_PUBLISH_GROUP = "editorsPublish";

const switchForms = [
  {
    group: REMINDERS_GROUP,
    legend: "Donor e-mails",
    intro:
      "Donors get a thank-you e-mail for each payment recorded (staff can untick it per payment or per import). Monthly donors whose standing order lapses are never chased: the Donations list shows them as lapsed.",
    label: "Remind donors of unpaid bank transfer pledges",
    hint: `One friendly e-mail with the reference and bank details, ${REMINDER_AFTER_DAYS} days after a pledge that has no payment yet; never a second one.`,
    save: "Save donor e-mails",
  },
  {
    group: SOFT_OPT_IN_GROUP,
    legend: "Newsletter to donors",
    intro:
      "The charity soft opt-in (PECR 22(3A)): a donor may get the newsletter without ticking a box, if the donate form offered a clear opt-out when they gave. Off by default; it never applies to anyone who gave before it was turned on, to imports, or to an address that unsubscribed.",
    label: "Offer the newsletter to donors on the donate form, with an opt-out box",
    hint: "Donors who give without ticking the box are subscribed, recorded as “charity soft opt-in” with the form's version and the time. Every newsletter has an unsubscribe link.",
    save: "Save newsletter to donors",
  },
  {
    group: EDITORS_PUBLISH_GROUP,
    legend: "Publishing pages",
    intro:
      "Editors write the site's pages and submit them for review; admins publish them. Legal pages (privacy, terms) always need an admin.",
    label: "Editors may publish pages themselves",
    hint: "Their changes still pass the page checks, and every publish is in the page's history.",
    save: "Save publishing pages",
  },
] as const;

function SwitchForm({
  group,
  legend,
  intro,
  label,
  hint,
  save,
  on,
  busy,
}: {
  group: string;
  legend: string;
  intro: string;
  label: string;
  hint: string;
  save: string;
  on: boolean;
  busy: boolean;
}) {
  const id = `settings-${group}`;
  return (
    <Form
      method="post"
      aria-labelledby={`${id}-legend`}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <fieldset className="min-w-0 space-y-4">
        <legend id={`${id}-legend`} className="text-xl font-semibold text-slate-900 dark:text-white">
          {legend}
        </legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">{intro}</p>
        <input type="hidden" name={SETTINGS_GROUP_FIELD} value={group} />
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            name={group}
            defaultChecked={on}
            aria-describedby={`${id}-hint`}
            className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
          />
          <div>
            <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {label}
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              {hint}
            </p>
          </div>
        </div>
      </fieldset>
      <button type="submit" className="btn-primary mt-5" disabled={busy}>
        {busy ? "Saving…" : save}
      </button>
    </Form>
  );
}

interface FieldUi {
  type?: "text" | "email" | "tel" | "url";
  multiline?: boolean;
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "url";
}

const fieldUi: Partial<Record<SettingKey, FieldUi>> = {
  name: { autoComplete: "organization" },
  shortName: { hint: "Shown in place of the name where it does not fit, as on a phone's header." },
  charityNumber: { hint: "England and Wales: 6 or 7 digits (1234567, or 1234567-1). Scotland: SC0 and 5 digits." },
  companyNumber: { hint: "8 digits, or 2 letters and 6 digits (SC123456)." },
  registeredOffice: {
    multiline: true,
    optional: true,
    hint: "One line of the address per line. Shown in the footer, and in every e-mail and giving statement as where to write to the charity.",
  },
  email: { type: "email", autoComplete: "email" },
  supportEmail: {
    type: "email",
    optional: true,
    autoComplete: "off",
    hint: "Shown on the staff sign-in page to people who cannot sign in; empty: the contact e-mail.",
  },
  phone: { type: "tel", optional: true, autoComplete: "tel", hint: "A UK number, like 020 7946 0000." },
  whatsappNumber: { type: "tel", hint: "A UK mobile number; visitors' WhatsApp messages go to it." },
  officeHours: {
    multiline: true,
    optional: true,
    hint: "One line per row, days and hours after a colon: “Saturday: 10:00 AM - 2:00 PM”.",
  },
  sortCode: { inputMode: "numeric", hint: "6 digits, with or without dashes." },
  accountNumber: { inputMode: "numeric", hint: "8 digits." },
  iban: { hint: "Checked with its check digits; spaces are fine." },
  facebookUrl: { type: "url", optional: true },
  linkedinUrl: { type: "url", optional: true },
  instagramUrl: { type: "url", optional: true },
  xUrl: { type: "url", optional: true },
  youtubeUrl: { type: "url", optional: true },
  internationalChapterUrl: { type: "url", optional: true },
  europeChapterUrl: { type: "url", optional: true },
  hmrcOfficialTitle: { optional: true, autoComplete: "off", hint: "At most 4 letters, like Mrs or Dr." },
  hmrcOfficialFirstName: {
    optional: true,
    autoComplete: "off",
    hint: "The person HMRC's Gift Aid claims name as the charity's authorised official (needed to submit claims to HMRC).",
  },
  hmrcOfficialLastName: { optional: true, autoComplete: "off" },
  hmrcOfficialPostcode: {
    optional: true,
    autoComplete: "off",
    hint: "The official's home postcode, as HMRC knows it.",
  },
  hmrcOfficialPhone: { type: "tel", optional: true, autoComplete: "off", hint: "A UK number." },
  volunteerInterests: { multiline: true, hint: "One per line; the application form offers them in this order." },
};

const saveLabel: Record<SettingsGroup, string> = {
  charity: "Save charity details",
  contact: "Save contact details",
  bank: "Save bank details",
  social: "Save social links",
  chapters: "Save sister chapters",
  hmrc: "Save the authorised official",
  volunteers: "Save volunteer interests",
};

const groupIntro: Record<SettingsGroup, string> = {
  charity: "Shown in the header, the footer, the About page, the legal pages and e-mails.",
  contact: "Shown on the Contact page and in e-mails; contact form messages by WhatsApp go to the WhatsApp number.",
  bank: "Shown on the Donate page, the pledge confirmation and in each donor's e-mail.",
  social:
    "Links in the footer and on the Contact page; leave a network empty to hide it. Addresses must start https://.",
  chapters:
    "The sister chapters' sites, linked from the footer; leave one empty to hide it. Addresses must start https://.",
  hmrc: "The authorised official named in Gift Aid claims sent to HMRC from a claim batch's page. Never shown on the site.",
  volunteers: "The interests applicants tick on the application forms; staff filter applications by them.",
};

function GroupForm({
  group,
  settings,
  untouched,
  lastResult,
  busy,
}: {
  group: SettingsGroup;
  settings: CharitySettings;
  untouched: Partial<Record<SettingKey, string>>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const schema = settingsGroupSchemas[group];
  const fields = settingsFields[group];
  const [form, meta] = useForm<Record<string, string>, Record<string, string>, string[]>({
    id: `settings-${group}`,
    lastResult,
    defaultValue: Object.fromEntries(fields.map(({ key }) => [key, shownValue(key, settings[key])])),
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: settingsGroupSchemaFor(group, formData, untouched) }) as Submission<
        Record<string, string>
      >,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const legendId = `${form.id}-legend`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={legendId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <fieldset className="min-w-0 space-y-4">
        <legend id={legendId} className="text-xl font-semibold text-slate-900 dark:text-white">
          {settingsGroupLegends[group]}
        </legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">{groupIntro[group]}</p>
        <ErrorSummary form={form} />
        <input type="hidden" name={SETTINGS_GROUP_FIELD} value={group} />
        {fields.map(({ key, label }) => {
          const ui = fieldUi[key] ?? {};
          const field = meta[key];
          return ui.multiline ? (
            <TextareaField key={key} meta={field} label={label} rows={4} optional={ui.optional} hint={ui.hint} />
          ) : (
            <TextField
              key={key}
              meta={field}
              label={label}
              type={ui.type}
              optional={ui.optional}
              hint={ui.hint}
              autoComplete={ui.autoComplete ?? "off"}
              inputMode={ui.inputMode}
            />
          );
        })}
      </fieldset>
      <button type="submit" className="btn-primary mt-5" disabled={busy}>
        {busy ? "Saving…" : saveLabel[group]}
      </button>
    </Form>
  );
}

export default function Settings() {
  const { notice, settings, history, unset, untouched, reminders, softOptIn, editorsPublish } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const savingGroup = navigation.state === "submitting" ? navigation.formData?.get(SETTINGS_GROUP_FIELD) : null;

  return (
    <>
      <h2 className="text-2xl font-semibold">Settings</h2>
      <p className="mt-2 max-w-prose text-slate-700 dark:text-slate-300">
        The charity&rsquo;s details as the website and its e-mails show them. Each group is saved on its own; the public
        pages show a change at once (a proxy or content delivery network in front of the site may keep its copy a little
        longer: a minute, unless the site&rsquo;s operator set another time).
      </p>
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {notice ?? ""}
      </p>
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      {unset.length > 0 ? (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">Still placeholders: the site shows these until you set the real ones.</p>
          <p className="mt-1">{unset.join(", ")}.</p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {settingsGroups.map((group) => (
          <GroupForm
            // A save stores values normalised (a sort code with dashes): show what was stored.
            key={`${group}:${settingsFields[group].map(({ key }) => settings[key]).join("\u0000")}`}
            group={group}
            settings={settings}
            untouched={untouched}
            lastResult={actionData?.group === group ? actionData.result : undefined}
            busy={savingGroup === group}
          />
        ))}
        {switchForms.map((form) => {
          const on =
            form.group === REMINDERS_GROUP ? reminders : form.group === SOFT_OPT_IN_GROUP ? softOptIn : editorsPublish;
          return <SwitchForm key={`${form.group}:${on}`} {...form} on={on} busy={savingGroup === form.group} />;
        })}
      </div>
      <AuditTrail events={history} heading="Changes" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
