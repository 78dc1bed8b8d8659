import type { FieldMeta } from "~/utils/light-form";
import { TextField } from "~/components/ui/form";
import { staffPasswordHint } from "~/content/staff-passwords";

/** The password a person signs in with (sign-in, and to change it on their account page). */
export function CurrentPasswordField({ meta, label }: { meta: FieldMeta; label: string }) {
  return <TextField meta={meta} label={label} type="password" autoComplete="current-password" />;
}

/** The password a person chooses (an invitation, a reset, their account page), with the rules it must meet. */
export function NewPasswordField({ meta, label }: { meta: FieldMeta; label: string }) {
  return <TextField meta={meta} label={label} type="password" autoComplete="new-password" hint={staffPasswordHint} />;
}
