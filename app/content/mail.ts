// Wording of every e-mail the site sends and of the newsletter consent pages. The consent
// texts are stored word for word with each consent event (the proof of what a person agreed
// to), so change them here, never in the stored history.

import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";
import { site } from "./site";

export const newsletterConsent = {
  /** Shown beside the sign-up form; stored with the "signed up" event. */
  signUp: "Get news from our projects a few times a year. You can unsubscribe at any time.",
  /** Shown on the confirmation page above its button; stored with the "confirmed" event. */
  confirm: `Yes, please send me the newsletter of ${site.name} at this address. I can unsubscribe at any time with the link in every message.`,
  /** Shown on the unsubscribe page; stored with the "unsubscribed" event when its button is pressed. */
  unsubscribePage: `Stop sending the newsletter of ${site.name} to this address.`,
  /** Stored with the "unsubscribed" event of a one-click unsubscribe from a mail program (RFC 8058). */
  unsubscribeOneClick: "Unsubscribed with the one-click unsubscribe of the mail program (List-Unsubscribe-Post).",
} as const;

export const newsletterPages = {
  confirmTitle: "Confirm your subscription",
  confirmButton: "Confirm my subscription",
  confirmedTitle: "Subscription confirmed",
  confirmedText: "Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe.",
  alreadyConfirmedTitle: "Your subscription is already confirmed",
  alreadyConfirmedText:
    "This link has done its work: your subscription was confirmed when you first used it, and there is nothing more to do. Every newsletter has a link to unsubscribe.",
  badConfirmTitle: "This confirmation link does not work",
  badConfirmText:
    "The link is wrong, has expired (links last 7 days) or has already been used. Sign up again on the Publications page to get a new one.",
  unsubscribeTitle: "Unsubscribe from our newsletter",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "You are unsubscribed",
  unsubscribedText:
    "We will not send you our newsletter again. If this was a mistake, you can sign up again at any time.",
  badUnsubscribeTitle: "This unsubscribe link does not work",
  badUnsubscribeText: `The link is wrong, or the address is no longer on our list. If you still get our newsletter, e-mail ${site.email} and we will remove you.`,
} as const;

export const mailWording = {
  signature: `${site.name}`,
  confirmSubject: `Please confirm your subscription to the ${site.name} newsletter`,
  confirmIntro:
    "Someone, hopefully you, asked to receive our newsletter at this address. To confirm, open the link below (it works for 7 days):",
  confirmLinkLabel: "Confirm your subscription:",
  confirmIgnore: "If you did not ask for this, ignore this message: you will not hear from us again.",
  unsubscribeLine: "Unsubscribe:",
  donorSubject: (reference: string) => `Thank you for your pledge (${reference})`,
  donorIntro: (firstName: string) =>
    `Dear ${firstName}, thank you for your pledge to ${site.name}. No money has been taken: please send your gift by bank transfer to the account below, quoting your payment reference so we can match it to you.`,
  donorMonthly: "For a monthly gift, please set up a standing order with your bank quoting the same reference.",
  giftAidHeading: "Your Gift Aid declaration",
  giftAidCancelHeading: "How to cancel it",
  staffPledgeSubject: (reference: string, amount: string) => `New pledge ${reference}: ${amount}`,
  staffEnquirySubject: (subject: string) => `New enquiry: ${subject}`,
  enquiryAckSubject: `We have your message: ${site.name}`,
  enquiryAckText: (name: string, days: number) =>
    `Dear ${name}, thank you for writing to ${site.name}. Your message has reached us and we will reply within ${days} working days.`,
  enquiryAckIgnore: "If you did not write to us, someone typed your address by mistake: ignore this e-mail.",
  staffOpen: "Open it in the staff area:",
  staffMessageWithheld:
    "The message is not included in this e-mail (it may hold health details); read it in the staff area.",
  newsletterWebLink: "Trouble reading this? Read it on our website:",
  newsletterWhy: `You receive this newsletter because you subscribed to it on the website of ${site.name}.`,
  newsletterNoTracking: "We do not track whether you open this message or which links you follow.",
  newsletterTestSubject: (subject: string) => `[Test] ${subject}`,
  newsletterTestNotice:
    "This is a test sent from the staff area. Subscribers get the same message with a link to read it on our website (the page exists once the newsletter is sent) and their own unsubscribe link; the one below does nothing.",
  cardThanksSubject: (reference: string) => `Thank you for your gift (${reference})`,
  cardThanksIntro: (firstName: string) =>
    `Dear ${firstName}, thank you for your gift to ${site.name}. Your card payment has reached us.`,
  cardThanksMonthly:
    "This is one of your monthly gifts. To change or stop them, reply to this e-mail or write to us quoting your reference.",
  staffCardPaymentSubject: (reference: string, amount: string) => `Card payment received ${reference}: ${amount}`,
  staffRefundSubject: (reference: string, amount: string) => `Card payment refunded ${reference}: ${amount}`,
  staffRefundGiftAid: (claimId: number) =>
    `The refunded payment is in Gift Aid claim ${claimId}: HMRC must be told (correct it in the next claim).`,
  staffDisputeSubject: (reference: string) => `Card payment disputed ${reference}`,
  staffAttentionSubject: (reference: string) => `Stripe event needs attention ${reference}`,
  staffDisputeText:
    "The donor's bank has opened a dispute (a chargeback) on a card payment. Answer it in the Stripe Dashboard before its deadline.",
  // Thank-you for a payment recorded by hand or from a bank statement (card gifts: cardThanks*).
  paymentThanksSubject: (reference: string) => `Thank you: your gift has arrived (${reference})`,
  paymentThanksIntro: (firstName: string) =>
    `Dear ${firstName}, thank you for your gift to ${site.name}. Your payment has reached us.`,
  paymentThanksMonthly:
    "This is one of your monthly gifts by standing order. To change or stop it, contact your bank, and let us know if you like.",
  /** The line a thank-you carries when the donor's Gift Aid declaration covers the gift. */
  paymentThanksGiftAid: (giftAid: string, amount: string) =>
    `Because of your Gift Aid declaration we can claim ${giftAid} more from HMRC on this gift (${GIFT_AID_PENCE_PER_POUND}p for every £1), at no cost to you: your ${amount} is worth more to us.`,
  // The one reminder of a bank-transfer pledge still unpaid after a week.
  reminderSubject: (reference: string) => `A gentle reminder about your pledge (${reference})`,
  reminderIntro: (firstName: string, amount: string, madeOn: string) =>
    `Dear ${firstName}, thank you again for pledging ${amount} to ${site.name} on ${madeOn}. We have not yet seen your bank transfer, so here are the details in case they are useful.`,
  reminderMonthly: "For a monthly gift, please set up a standing order with your bank quoting the same reference.",
  reminderAlreadyPaid:
    "If you have already sent it, thank you, and please ignore this e-mail: transfers can take a few days to reach us. If you have changed your mind, that is fine too; we will not write about this pledge again.",
  // The yearly giving statement.
  statementSubject: (taxYear: string) => `Your giving statement for the tax year ${taxYear}`,
  statementIntro: (firstName: string, taxYear: string) =>
    `Dear ${firstName}, thank you for your support of ${site.name}. Your statement of the gifts we received from you in the tax year ${taxYear} (6 April to 5 April) is ready.`,
  statementSummary: (count: number, total: string) =>
    `It lists ${count} ${count === 1 ? "gift" : "gifts"}, ${total} in all, with whether Gift Aid applies to each.`,
  statementLinkLabel: "Download your statement (PDF):",
  statementLinkExpiry: (days: number, until: string) =>
    `The link works for ${days} days, until ${until}. Anyone with the link can open the statement, so please do not forward this e-mail. If it has expired, write to us and we will send a new one.`,
  testSubject: `Test message from ${site.name}`,
  testText: "This is a test message sent from the Mail log of the staff area. If you can read it, mail works.",
} as const;

/** The giving statement PDF and the page its link opens. */
export const statementWording = {
  title: "Giving statement",
  taxYear: (label: string, first: string, last: string) => `Tax year ${label}: ${first} to ${last}`,
  charityNumber: (number: string) => `Registered charity number ${number}`,
  donor: (name: string) => `Prepared for ${name}`,
  issued: (day: string) => `Issued on ${day}`,
  intro: "Thank you for your generosity. These are the gifts we received from you in this tax year.",
  columns: ["Date received", "Reference", "Amount", "Gift Aid"] as const,
  total: "Total",
  giftAidTotal: (amount: string, extra: string) => `Gifts with Gift Aid: ${amount} (Gift Aid adds ${extra}).`,
  refund: "refund",
  notes: [
    `Gift Aid: Yes means your Gift Aid declaration covers the gift, so we can claim ${GIFT_AID_PENCE_PER_POUND}p for every £1 from HMRC at no cost to you.`,
    "If you pay Income Tax at the higher or additional rate, you can claim the difference between that rate and the basic rate on the total value of your Gift Aid gifts (the gift plus the Gift Aid) in your Self Assessment tax return.",
    "Please keep this statement with your tax records. If anything on it looks wrong, write to us quoting your reference.",
  ],
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
