/**
 * Destructive staff actions need an explicit confirmation: with JavaScript the browser asks
 * (window.confirm) and the post carries this field; without it the post carries nothing and
 * the server answers with a confirmation page whose form carries it.
 */
export const CONFIRMED_FIELD = "confirmed";
export const CONFIRMED_VALUE = "yes";

export function isConfirmed(form: FormData): boolean {
  return form.get(CONFIRMED_FIELD) === CONFIRMED_VALUE;
}
