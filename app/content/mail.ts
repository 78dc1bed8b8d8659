// Wording of every e-mail the site sends and of the newsletter consent pages. The consent
// texts are stored word for word with each consent event (the proof of what a person agreed
// to), so change them here, never in the stored history.

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
    "This is a test sent from the staff area. Subscribers get the same message with their own unsubscribe link; the one below does nothing.",
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
  staffDisputeText:
    "The donor's bank has opened a dispute (a chargeback) on a card payment. Answer it in the Stripe Dashboard before its deadline.",
  testSubject: `Test message from ${site.name}`,
  testText: "This is a test message sent from the Mail log of the staff area. If you can read it, mail works.",
} as const;
