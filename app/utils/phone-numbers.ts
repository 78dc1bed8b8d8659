// The charity's telephone numbers as the site shows and links them (the contact page) and as
// Settings checks them. Apart from charity-numbers.ts, so a page with a phone link does not
// carry the checks of bank and company numbers.

/**
 * A UK telephone number as people write it ("020 7946 0000", "+44 (0)20 7946 0000",
 * "07700 900123"): its national digits (a 0 and 9 or 10 more), or null.
 */
export function ukPhoneDigits(input: string): string | null {
  let digits = input.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+44")) digits = digits.slice(3);
  else if (digits.startsWith("0044")) digits = digits.slice(4);
  else if (/^44\d{10}$/.test(digits)) digits = digits.slice(2);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return /^[1-9]\d{8,9}$/.test(digits) ? `0${digits}` : null;
}

/** The `tel:` link for a UK number (international form), or null. */
export function telHref(input: string): string | null {
  const national = ukPhoneDigits(input);
  return national ? `tel:+44${national.slice(1)}` : null;
}

/** A `tel:` link for any number a person typed: a UK number in international form, else its digits (and a leading +) as typed. */
export function dialHref(input: string): string {
  return telHref(input) ?? `tel:${input.replace(/(?!^\+)[^\d]/g, "")}`;
}

/** A number as shown in a `tel:` link's text: its spaces non-breaking, so it never wraps across lines. */
export function phoneText(input: string): string {
  return input.replace(/ /g, "\u00a0");
}

/** A UK mobile number (07 and 9 digits) in the international digits WhatsApp's links use ("447700900123"). */
export function whatsappDigits(input: string): string | null {
  const national = ukPhoneDigits(input);
  return national && /^07\d{9}$/.test(national) ? `44${national.slice(1)}` : null;
}

/**
 * A WhatsApp number as stored (international digits, "447700900123") the way people write it:
 * "+44 7700 900123". What is not a UK mobile number is shown as it is.
 */
export function formatWhatsappNumber(digits: string): string {
  return /^447\d{9}$/.test(digits) ? `+44 ${digits.slice(2, 6)} ${digits.slice(6)}` : digits;
}
