// Wording of every e-mail the site sends. The newsletter's consent texts are in
// newsletter-consent.ts, the giving statement's in statement.ts.

import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";
import { site } from "./site";

export const mailWording = {
  signature: `${site.name}`,
  /**
   * The lines under the signature of every message: the charity's contact details and numbers, as
   * the Charities Act 2011 s.39 asks of documents that ask for or acknowledge money (and the
   * Companies Act of a company's e-mails). Empty details are left out.
   */
  footerAddress: (address: string) => `Write to us: ${address}`,
  footerEmail: (email: string) => `E-mail: ${email}`,
  footerCharityNumber: (number: string) => `Registered charity number ${number}`,
  footerCompanyNumber: (number: string) => `Company number ${number}`,
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
  volunteerAckSubject: `We have your application: ${site.name}`,
  volunteerAckText: (name: string, what: string) =>
    `Dear ${name}, thank you for your ${what} application to ${site.name}. It has reached us.`,
  volunteerAckNextHeading: "What happens next",
  volunteerAckIgnore: "If you did not apply, someone typed your address by mistake: ignore this e-mail.",
  staffVolunteerSubject: (what: string) => `New ${what} application`,
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
    "This is one of your monthly gifts. To change the amount or stop it, sign in at Your giving (the link below): it takes a minute, and we e-mail you to confirm.",
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
    "This is one of your monthly gifts by standing order. To change or stop it, contact your bank; you can also tell us at Your giving (the link below).",
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
  // Your giving (/giving): the line in every donor e-mail, and the single-use sign-in link.
  givingLine: "See your gifts and statements, or change your details, at Your giving:",
  givingLinkSubject: `Your link to Your giving at ${site.name}`,
  givingLinkIntro:
    "Someone, hopefully you, asked for a link to see your gifts to us and look after your details. Open the link below to sign in: it works once, for 1 hour.",
  givingLinkLabel: "Sign in to Your giving:",
  givingLinkIgnore:
    "If you did not ask for this, ignore this message: nobody can sign in without the link, and it stops working in an hour. Please do not forward this e-mail.",
  testSubject: `Test message from ${site.name}`,
  testText: "This is a test message sent from the Mail log of the staff area. If you can read it, mail works.",
} as const;

/** Supporters' fundraising and tribute pages: the owner's e-mails. */
export const fundraisingMailWording = {
  startedSubject: (title: string) => `Your page "${title}" is with our team`,
  startedIntro: (name: string) =>
    `Dear ${name}, thank you for starting a page for ${site.name}. Our team checks every page before it goes public, usually within two working days; we will e-mail you when it does.`,
  manageLabel: "See and manage your page (keep this link to yourself; it works for 90 days):",
  startedIgnore: "If you did not start a page, someone typed your address by mistake: ignore this e-mail.",
  approvedSubject: (title: string) => `Your page "${title}" is live`,
  approvedText: (tribute: boolean) =>
    tribute
      ? "Our team has approved your tribute page and it is public now. You can share it with family and friends."
      : "Good news: our team approved your page and it is public now. Share it with family and friends.",
  /** The label above a page's address in the owner's e-mails (the address itself is printed once, below it). */
  pageLinkLabel: "Your page:",
  changesSubject: (title: string) => `Your page "${title}": a change is needed`,
  changesText: "Our team looked at your page and asks for a change before it goes public:",
  rejectedSubject: (title: string) => `Your page "${title}"`,
  rejectedText: "Our team looked at your page and cannot publish it:",
  takenDownSubject: (title: string) => `Your page "${title}" has been taken down`,
  takenDownText: "Our team has taken your page down; it is no longer public:",
  editApprovedSubject: (title: string) => `Your change to "${title}" is live`,
  editApprovedText: "Our team approved your change: your page shows it now.",
  editRejectedSubject: (title: string) => `Your change to "${title}"`,
  editRejectedText:
    "Our team could not publish your change, so your page still shows the words they approved before. Their message:",
  giftSubject: (title: string) => `A gift through your page "${title}"`,
  giftText: (who: string, amount: string) => `${who} gave ${amount} through your page. Thank you for raising it!`,
  tributeGiftText: (who: string, amount: string) =>
    `${who} gave ${amount} through your tribute page. Thank you for sharing it.`,
  someone: "Someone who asked to stay anonymous",
  staffNewPageSubject: (title: string) => `New fundraising page to review: ${title}`,
  staffRevisedSubject: (title: string) => `A fundraising page changed by its owner, to review: ${title}`,
} as const;

/**
 * Your giving (/giving): the e-mail confirming each change a donor makes there, to their address,
 * so a change they did not make does not go unnoticed (app/supporters/services/donor-changes.server.ts).
 */
export const givingChangeMailWording = {
  greeting: (name: string | null) => (name ? `Dear ${name},` : "Hello,"),
  intro: (day: string) => `This confirms a change you made at Your giving, on our website, on ${day}.`,
  declarationCancelledSubject: `Your Gift Aid declaration is cancelled: ${site.name}`,
  declarationCancelled: (declaredOn: string) =>
    `Your Gift Aid declaration of ${declaredOn} is cancelled. Gifts we have already claimed Gift Aid on stay claimed; we will not add Gift Aid to gifts we receive from today. You can make a new declaration at Your giving whenever you like.`,
  newsletterOnSubject: `You will get our newsletter: ${site.name}`,
  newsletterOn:
    "You will get our newsletter at this address. You can stop it at any time, at Your giving or with the link in every newsletter.",
  newsletterOffSubject: `Our newsletter is stopped: ${site.name}`,
  newsletterOff: "We will no longer send our newsletter to this address. You can turn it back on at Your giving.",
  amountChangedSubject: (reference: string) => `Your monthly gift is changed (${reference})`,
  amountChanged: (amount: string, reference: string) =>
    `Your monthly card gift (reference ${reference}) is now ${amount} a month, from your next payment. Nothing extra is taken today.`,
  stoppedSubject: (reference: string) => `Your monthly gift is stopped (${reference})`,
  cardStopped: (reference: string) =>
    `Your monthly card gift (reference ${reference}) is stopped: your card will not be charged again. Gifts that have already reached us stay as they are. Thank you for all you have given.`,
  standingOrderStopped: (reference: string) =>
    `We have recorded that you stopped your monthly gift by standing order (reference ${reference}). A standing order is paid by your bank: if you have not done so yet, please cancel it with your bank too, or the payments will go on. Thank you for all you have given.`,
  notYou: (email: string) =>
    `Did not make this change? Write to us at ${email} straight away and we will put it right: someone else may have used a sign-in link sent to your address.`,
} as const;
