/** Name of the field real visitors never see or fill; bots that fill every input do. */
export const HONEYPOT_FIELD = "website";

/** True when a submission filled the honeypot, i.e. came from a bot. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
