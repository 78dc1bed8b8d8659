// Wording of the giving statement: the PDF and the page its e-mailed link opens.

import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";

export const statementWording = {
  title: "Giving statement",
  taxYear: (label: string, first: string, last: string) => `Tax year ${label}: ${first} to ${last}`,
  charityNumber: (number: string) => `Registered charity number ${number}`,
  donor: (name: string) => `Prepared for ${name}`,
  issued: (day: string) => `Issued on ${day}`,
  intro: "Thank you for your generosity. These are the gifts we received from you in this tax year.",
  columns: ["Date received", "Reference", "Amount", "Gift Aid"] as const,
  byMethodHeading: "How you gave",
  /** The totals per way of paying, under the table and on the pages: "Direct Debit: 2 gifts, £30.00". */
  byMethod: (method: string, count: number, total: string) =>
    `Paid by ${method}: ${count} ${count === 1 ? "gift" : "gifts"}, ${total}`,
  total: "Total",
  giftAidTotal: (amount: string, extra: string) => `Gifts with Gift Aid: ${amount} (Gift Aid adds ${extra}).`,
  refund: "refund",
  notes: [
    `Gift Aid: Yes means your Gift Aid declaration covers the gift, so we can claim ${GIFT_AID_PENCE_PER_POUND}p for every £1 from HMRC at no cost to you.`,
    "If you pay Income Tax at the higher or additional rate, you can claim the difference between that rate and the basic rate on the total value of your Gift Aid gifts (the gift plus the Gift Aid) in your Self Assessment tax return.",
    "Please keep this statement with your tax records.",
  ],
  /** How to reach the charity, under its name and number (Charities Act 2011 s.39): address and e-mail, either may be empty. */
  contact: (address: string, email: string) =>
    [address ? `Write to us: ${address}` : "", email ? `E-mail: ${email}` : ""].filter(Boolean).join(". "),
  /** The last note: where to write if something looks wrong. */
  wrong: (address: string, email: string) =>
    `If anything on it looks wrong, write to us${address ? ` at ${address}` : ""}${email ? `${address ? " or " : " at "}${email}` : ""} quoting your reference.`,
  none: "We have no gifts from you recorded in this tax year.",
  pageTitle: "Your giving statement",
  pageText: (taxYear: string) =>
    `Your statement of the gifts we received from you in the tax year ${taxYear} is ready.`,
  pageButton: "Download the statement (PDF)",
  pageExpiry: (until: string) => `This link works until ${until}.`,
  badTitle: "This statement link does not work",
  badText:
    "The link is not complete or not one of ours. Copy the whole address from the e-mail, or write to us and we will send a new statement.",
  expiredTitle: "This statement link has expired",
  expiredText: (days: number) =>
    `Statement links work for ${days} days. Write to us and we will gladly send you a new one.`,
} as const;
