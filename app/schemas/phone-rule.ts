// A phone number's shape, shared by the donate and volunteer forms (browser and server). A module of
// its own: the pages that do not ask for a phone number do not load it.

export const INVALID_PHONE_MESSAGE = "Enter a valid phone number, like 020 7946 0000 or +44 20 7946 0000";

/** Digits with the usual separators, 7 to 15 digits (E.164's longest). */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}
