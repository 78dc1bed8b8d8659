import { FileField, TextField } from "~/components/ui/form";
import type { FieldMeta } from "~/utils/light-form";

/** A supporter's page's optional photo and its description (also on the owner's edit page). */
export function PagePhotoFields({ image, imageAlt, hint }: { image: FieldMeta; imageAlt: FieldMeta; hint?: string }) {
  return (
    <>
      <FileField
        meta={image}
        label="A photo"
        accept="image/jpeg,image/png,image/webp"
        optional
        hint={hint ?? "JPEG, PNG or WebP, at most 10 MB: shown at the top of your page."}
      />
      <TextField
        meta={imageAlt}
        label="Describe the photo"
        optional
        autoComplete="off"
        hint="Needed with a photo: people who use screen readers hear this instead, e.g. “Anna at the finish line”."
      />
    </>
  );
}
