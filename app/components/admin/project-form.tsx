import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { PublishControls } from "~/components/admin/site-page-history";
import { ProjectPictureImg } from "~/components/project-card";
import { adminPaths } from "~/utils/admin-paths";
import { ErrorSummary, type Problem } from "~/components/ui/error-summary";
import { CheckboxField, FileField, SelectField, TextareaField, TextField } from "~/components/ui/form";
import {
  MAX_NEW_PICTURES,
  NEW_PICTURE_SLOTS,
  PROJECT_FORM_ID,
  PROJECT_STATUSES,
  projectFormSchema,
  type ProjectPicture,
} from "~/publishing/schemas/projects";

export interface ProjectFormValues {
  title: string;
  slug: string;
  summary: string;
  status: string;
  body: string;
  in_menu: boolean;
  in_footer: boolean;
  card_alt: string;
  card_decorative: boolean;
  gallery: { id: number; alt: string; decorative: boolean; position: number }[];
}

const emptySlots = (rows: number) => Array.from({ length: rows }, () => ({ alt: "" }));
const on = (value: boolean) => (value ? "on" : undefined);
const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
const DECORATIVE_LABEL = "Decorative: it adds nothing to the page, so screen readers skip it (no description)";

/** The picture the fields beside it describe (its description is those fields: here it is silent). */
function Thumbnail({ picture }: { picture: ProjectPicture | null | undefined }) {
  if (!picture) return null;
  return (
    <ProjectPictureImg
      picture={{ ...picture, alt: "" }}
      lazy={false}
      sizes="10rem"
      className="aspect-[8/5] h-auto w-40 rounded border border-slate-300 object-cover dark:border-slate-600"
    />
  );
}

/**
 * The staff project form (new and edit), without JavaScript as with it: the words, the status,
 * where its link shows, the card picture and the gallery (each picture with alt text or marked
 * decorative), and Save draft / Publish. `problems` adds messages the server found (content
 * checks, files to choose again) to the error summary.
 */
export function ProjectForm({
  lastResult,
  defaultValue,
  published,
  card,
  pictures,
  problems,
  mayPublish,
  newRows = NEW_PICTURE_SLOTS,
  projectId,
}: {
  /** The person may publish (admins; editors when an admin allows): else Submit for review. */
  mayPublish: boolean;
  /** How many rows for new gallery pictures (the address's `?rows=`). */
  newRows?: number;
  /** The project being edited (its preview and history), none for a new one. */
  projectId?: number;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: ProjectFormValues;
  /** The project is on the public site now (the buttons say what saving does to it). */
  published: boolean;
  card?: ProjectPicture | null;
  pictures?: Record<number, ProjectPicture | null>;
  problems?: Problem[];
}) {
  const [form, fields] = useForm({
    id: PROJECT_FORM_ID,
    lastResult,
    defaultValue: defaultValue
      ? {
          ...defaultValue,
          in_menu: on(defaultValue.in_menu),
          in_footer: on(defaultValue.in_footer),
          card_decorative: on(defaultValue.card_decorative),
          gallery: defaultValue.gallery.map((picture) => ({
            id: String(picture.id),
            alt: picture.alt,
            decorative: on(picture.decorative),
            position: String(picture.position),
          })),
          new_pictures: emptySlots(newRows),
        }
      : { status: "Active", new_pictures: emptySlots(newRows) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
  });
  const gallery = fields.gallery.getFieldList();
  const slots = Array.from({ length: newRows }, (_, i) => fields.new_pictures.getFieldList()[i]);
  const newSlots = fields.new_pictures.getFieldList();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-3xl space-y-6">
      <ErrorSummary form={form} problems={problems} />
      <TextField meta={fields.title} label="Title" autoComplete="off" />
      <TextField
        meta={fields.slug}
        label="Address"
        autoComplete="off"
        hint="The page's address: /projects/ and this, e.g. clean-water (small letters, digits, hyphens). Changing it later keeps the old address working: it redirects to the new one."
      />
      <TextField meta={fields.summary} label="Summary" autoComplete="off" hint="One sentence, shown on the card." />
      <SelectField
        meta={fields.status}
        label="Status"
        options={PROJECT_STATUSES.map((status) => ({ value: status, label: status }))}
      />
      <TextareaField
        meta={fields.body}
        label="Body"
        rows={10}
        optional
        hint="Shown on the project's page above the gallery. Markdown as in news: ## headings, paragraphs, **bold**, *italic*, [link words](/address), lists."
      />
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Where its link shows</legend>
        <CheckboxField meta={fields.in_menu} label="In the menu, under Projects" />
        <CheckboxField meta={fields.in_footer} label="In the footer, under Our Projects" />
      </fieldset>

      <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
        <legend className="px-1 text-base font-semibold">Card picture</legend>
        <input type="hidden" name={fields.has_card.name} value={card ? "on" : ""} />
        <Thumbnail picture={card} />
        <FileField
          meta={fields.card_file}
          label={card ? "Replace the card picture" : "Card picture"}
          accept={IMAGE_ACCEPT}
          optional={Boolean(card)}
          hint="JPEG, PNG or WebP, at most 10 MB. Shown 8:5 on the card."
        />
        <TextField meta={fields.card_alt} label="Description (alt text)" autoComplete="off" />
        <CheckboxField meta={fields.card_decorative} label={DECORATIVE_LABEL} />
      </fieldset>

      {gallery.length > 0 ? (
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">Gallery</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Pictures show in the order of their numbers. Tick “Remove” to take one out when you save.
          </p>
          <ol className="space-y-4">
            {gallery.map((item, i) => {
              const picture = item.getFieldset();
              const id = Number(picture.id.initialValue);
              return (
                <li key={item.key} className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
                  <fieldset className="space-y-3">
                    <legend className="font-medium">Gallery picture {i + 1}</legend>
                    <input {...getInputProps(picture.id, { type: "hidden" })} key={picture.id.key} />
                    <Thumbnail picture={pictures?.[id]} />
                    <TextField meta={picture.alt} label="Description (alt text)" autoComplete="off" />
                    <CheckboxField meta={picture.decorative} label={DECORATIVE_LABEL} />
                    <div className="flex flex-wrap items-end gap-6">
                      <TextField meta={picture.position} label="Order" inputMode="numeric" className="w-28" />
                      <CheckboxField meta={picture.remove} label="Remove from the gallery" className="pb-2" />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        </fieldset>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">Add pictures to the gallery</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          They go after the others, each with its description or marked decorative. After a save the form has empty rows
          again, so you can add as many as you like.
          {newRows < MAX_NEW_PICTURES ? (
            <>
              {" "}
              Need more rows at once (up to {MAX_NEW_PICTURES})? Ask for them before you choose files or type:{" "}
              <Link to={`?rows=${Math.min(newRows + NEW_PICTURE_SLOTS, MAX_NEW_PICTURES)}`} className="link">
                Show {NEW_PICTURE_SLOTS} more rows for new pictures
              </Link>
              .
            </>
          ) : null}
        </p>
        {slots.map((_, i) => {
          const slot = newSlots[i]?.getFieldset();
          if (!slot) return <NewSlot key={i} index={i} formId={form.id} />;
          return (
            <div key={i} className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <FileField meta={slot.file} label={`New picture ${i + 1}`} accept={IMAGE_ACCEPT} optional />
              <TextField
                meta={slot.alt}
                label={`Description of new picture ${i + 1} (alt text)`}
                optional
                autoComplete="off"
              />
              <CheckboxField meta={slot.decorative} label={DECORATIVE_LABEL} />
            </div>
          );
        })}
      </fieldset>

      <PublishControls
        mayPublish={mayPublish}
        previewPath={projectId ? adminPaths.projectPreview(projectId) : undefined}
        historyPath={projectId ? adminPaths.projectHistory(projectId) : undefined}
        note={
          published
            ? "Visitors see the published version until you publish again."
            : "Not on the public site until published."
        }
        publishAt={fields.publish_at}
        publishes="the project's new words go public"
      >
        {published && mayPublish ? (
          <button type="submit" name="intent" value="unpublish" className="btn-secondary">
            Unpublish
          </button>
        ) : null}
      </PublishControls>
    </Form>
  );
}

/** A new-picture slot Conform has no field for yet (the list starts empty): plain fields by name. */
function NewSlot({ index, formId }: { index: number; formId: string }) {
  const id = (field: string) => `${formId}-new_pictures[${index}].${field}`;
  const name = (field: string) => `new_pictures[${index}].${field}`;
  return (
    <div className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600">
      <div>
        <label htmlFor={id("file")} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          New picture {index + 1} <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input id={id("file")} name={name("file")} type="file" accept={IMAGE_ACCEPT} className="field-input" />
      </div>
      <div>
        <label htmlFor={id("alt")} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Description of new picture {index + 1} (alt text){" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input id={id("alt")} name={name("alt")} type="text" autoComplete="off" className="field-input" />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={id("decorative")}
          name={name("decorative")}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={id("decorative")} className="text-sm text-slate-800 dark:text-slate-200">
          {DECORATIVE_LABEL}
        </label>
      </div>
    </div>
  );
}
