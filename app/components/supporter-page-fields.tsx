import { FileField, TextField } from "~/components/ui/form";
import { pageFieldsCopy } from "~/content/supporter-page-fields";
import { useHydrated } from "~/utils/hydrated";
import type { FieldMeta } from "~/utils/light-form";

// The fields of a supporter's page (Share My Day, In Memoriam) that the form starting one and its
// owner's edit form both have.

/** The page's title and its target in pounds, which a tribute page may leave empty. */
export function PageTitleAndTarget({
  title,
  target,
  tribute,
}: {
  title: FieldMeta;
  target: FieldMeta;
  tribute: boolean;
}) {
  return (
    <>
      <TextField meta={title} label="Page title" autoComplete="off" />
      <TextField
        meta={target}
        label="Target (£)"
        optional={tribute}
        hint={tribute ? pageFieldsCopy.tributeTargetHint : undefined}
        inputMode="decimal"
        autoComplete="off"
      />
    </>
  );
}

/**
 * A supporter's page's optional photo and its description (also on the owner's edit page). The
 * description is needed only with a photo, and its label says so. A form sent back without
 * JavaScript cannot keep the chosen file: `fileNotKept` says so plainly beside the field.
 */
export function PagePhotoFields({
  image,
  imageAlt,
  hint,
  tribute = false,
  fileNotKept = false,
}: {
  image: FieldMeta;
  imageAlt: FieldMeta;
  hint?: string;
  tribute?: boolean;
  fileNotKept?: boolean;
}) {
  // With JavaScript the browser keeps the chosen file in the field; a page sent back by the server does not.
  const hydrated = useHydrated();
  return (
    <>
      {fileNotKept && !hydrated ? (
        <p className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {pageFieldsCopy.fileNotKept}
        </p>
      ) : null}
      <FileField
        meta={image}
        label="A photo"
        accept="image/jpeg,image/png,image/webp"
        optional
        hint={hint ?? "JPEG, PNG or WebP, at most 10 MB: shown at the top of your page."}
      />
      <TextField
        meta={imageAlt}
        label="Describe the photo (needed only if you add one)"
        autoComplete="off"
        hint={`People who use screen readers hear this instead, e.g. “${tribute ? "Mum in her garden" : "Anna at the finish line"}”.`}
      />
    </>
  );
}
