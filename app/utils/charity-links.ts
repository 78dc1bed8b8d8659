// The charity's links and hours as every page's frame and the contact page show them: apart from
// charity-settings.ts (the Settings form's groups and labels, for staff), so the code every
// public page loads carries only what it shows.

type SocialKey = "facebookUrl" | "linkedinUrl" | "instagramUrl" | "xUrl" | "youtubeUrl";
type ChapterKey = "internationalChapterUrl" | "europeChapterUrl";
type Field<Key> = { readonly key: Key; readonly label: string };

/** What these helpers read of the charity's details (CharitySettings has it all). */
type LinkDetails = Readonly<Record<SocialKey | ChapterKey | "whatsappNumber" | "email" | "supportEmail", string>>;

/** The social networks' fields, in form order, with the label staff see (and the footer shows). */
export const socialFields: readonly Field<SocialKey>[] = [
  { key: "facebookUrl", label: "Facebook" },
  { key: "linkedinUrl", label: "LinkedIn" },
  { key: "instagramUrl", label: "Instagram" },
  { key: "xUrl", label: "X (Twitter)" },
  { key: "youtubeUrl", label: "YouTube" },
];

/** The sister chapters' fields, named as the footer shows them. */
export const chapterFields: readonly Field<ChapterKey>[] = [
  { key: "internationalChapterUrl", label: "Sister chapter: International" },
  { key: "europeChapterUrl", label: "Sister chapter: Europe" },
];

/** "Monday - Friday: 9:00 AM - 5:00 PM" lines as rows to show; a line without ": " is one cell. */
export function officeHoursRows(text: string): { days: string; hours: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(": ");
      return at === -1 ? { days: line, hours: "" } : { days: line.slice(0, at), hours: line.slice(at + 2) };
    });
}

/** Where staff who cannot sign in write: the support address, or the contact e-mail when none is set. */
export const supportAddressOf = (settings: LinkDetails): string => settings.supportEmail || settings.email;

/** The sister chapters' links to show: the ones set, named as in the Settings form. */
export function sisterChapterLinksOf(settings: LinkDetails): { label: string; href: string }[] {
  return chapterFields.map(({ key, label }) => ({ label, href: settings[key] })).filter((link) => link.href !== "");
}

/** The social links to show: the ones set, then WhatsApp (from the WhatsApp number). */
export function socialLinksOf(settings: LinkDetails): { label: string; href: string }[] {
  const links = socialFields
    .map(({ key, label }) => ({ label: label === "X (Twitter)" ? "X" : label, href: settings[key] }))
    .filter((link) => link.href !== "");
  if (settings.whatsappNumber) links.push({ label: "WhatsApp", href: `https://wa.me/${settings.whatsappNumber}` });
  return links;
}
