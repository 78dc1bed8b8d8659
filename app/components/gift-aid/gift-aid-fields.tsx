import { getInputProps, type FieldMeta } from "~/utils/light-form";
import { useState } from "react";
import { CharityText } from "~/components/charity";
import { ErrorList, TextField } from "~/components/ui/form";
import type { GiftAidDeclarationWords } from "~/content/donate-page-words";
import { useHydrated } from "~/utils/hydrated";

type Meta = FieldMeta;

/**
 * The Gift Aid part of the donate form and of the event page's optional donation: the
 * declaration, the "Yes, add Gift Aid" box and the home address HMRC needs. Without JavaScript the address is always there (required by the server
 * only when the box is ticked); with it, the address appears when the box is ticked.
 */
export function GiftAidFields({
  fields,
  words,
}: {
  /** The form's fields: giftAid, giftAidVersion, title, house, street, town and postcode are used. */
  fields: Record<string, Meta>;
  /** The current declaration and the form's words, from the page's loader. */
  words: GiftAidDeclarationWords;
}) {
  const giftAidForm = words.form;
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(fields.giftAid.initialValue === "on");
  const { key, ...checkbox } = getInputProps(fields.giftAid, { type: "checkbox", ariaAttributes: true });
  const declarationId = `${fields.giftAid.id}-declaration`;
  const addressId = `${fields.giftAid.id}-address`;
  const describedBy = [declarationId, fields.giftAid.errors ? fields.giftAid.errorId : null].filter(Boolean).join(" ");

  return (
    <fieldset className="space-y-4 rounded-md border border-slate-300 p-5 dark:border-slate-600">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">{giftAidForm.legend}</legend>
      <input type="hidden" name={fields.giftAidVersion.name} value={words.version} />
      <div id={declarationId} className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <p>{giftAidForm.intro}</p>
        <blockquote className="border-l-4 border-brand-600 pl-3 text-slate-800 italic dark:border-brand-300 dark:text-slate-200">
          <CharityText text={words.text} />
        </blockquote>
        <p>{words.covers}</p>
      </div>
      <div className="flex items-center gap-2">
        <input
          key={key}
          {...checkbox}
          aria-describedby={describedBy}
          aria-controls={addressId}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          className="h-5 w-5 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={fields.giftAid.id} className="font-semibold text-slate-900 dark:text-white">
          {giftAidForm.checkboxLabel}
        </label>
      </div>
      <ErrorList id={fields.giftAid.errorId} errors={fields.giftAid.errors} />

      <div id={addressId} hidden={hydrated && !ticked} className="space-y-4">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">{giftAidForm.addressLegend}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {giftAidForm.addressHint}
          {hydrated ? null : " Fill these in only if you tick Gift Aid."}
        </p>
        <HomeAddressFields fields={fields} labels={giftAidForm.labels} />
      </div>
    </fieldset>
  );
}

/** The home address HMRC needs (title, house, street, town, postcode): the donate form's and Your giving's. */
export function HomeAddressFields({
  fields,
  labels,
}: {
  fields: Record<string, Meta>;
  /** The fields' labels (the Gift Aid form's words: from the page's loader, or app/content/gift-aid.ts). */
  labels: GiftAidDeclarationWords["form"]["labels"];
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        meta={fields.title}
        label={labels.title}
        optional
        autoComplete="honorific-prefix"
        className="sm:col-span-2 sm:max-w-[10rem]"
      />
      <TextField meta={fields.house} label={labels.house} />
      <TextField meta={fields.street} label={labels.street} autoComplete="address-line1" />
      <TextField meta={fields.town} label={labels.town} autoComplete="address-level2" />
      <TextField meta={fields.postcode} label={labels.postcode} autoComplete="postal-code" />
    </div>
  );
}
