// Words of the events pages, the ticket form and the ticket e-mails (docs/events.md).

export const eventsPage = {
  title: "Events",
  lead: "Galas, walks and evenings in aid of our work. Book a place online: tickets arrive by e-mail.",
  none: "There are no events coming up at the moment. Please look again soon.",
  soldOut: "Sold out",
  /** Every place left is held by buyers at checkout (not sold): some may come free soon. */
  placesHeld: "Places are being held by other buyers at checkout: try again in a few minutes",
  heldNow: (minutes: number) =>
    `Sorry, the tickets are sold out for now: the places left are being held by other buyers at checkout. A hold lasts ${minutes} minutes: try again shortly, or join the waiting list.`,
  tooManyHeld: (max: number, minutes: number) =>
    `You already have places held at checkout: at most ${max} can be held at once. Finish or release that booking, or try again in ${minutes} minutes.`,
  placesLeft: (n: number) => (n === 1 ? "1 place left" : `${n} places left`),
  notOnSaleYet: (when: string) => `On sale from ${when}`,
  saleEnded: "Sales have closed",
  free: "Free",
  bookHeading: "Book your place",
  guestsLegend: "Who the tickets are for",
  guestsHint:
    "One name for each ticket, for the door (one of them may be you). Give a guest's email address and we send them their own ticket too (you get every ticket).",
  changeTickets: "Change the ticket or number",
  continueButton: "Continue",
  orderTotal: "Order total:",
  plusDonation: "(plus any donation you add above)",
  waitlistHeading: "Join the waiting list",
  waitlistIntro:
    "If places come free (someone does not finish paying, or returns a ticket), we e-mail the next person on the list and hold the places for them for 24 hours.",
  soldOutNow: "Sorry, there are not enough places left for that. The tickets are sold out.",
  joinedWaitlist:
    "You are on the waiting list: we have sent you an e-mail to confirm it. We will e-mail you if places come free, and hold them for you for 24 hours.",
  waitlistTooMany: (max: number) => `Ask for 1 to ${max} places.`,
  bookedFree: "You are booked. Your tickets are on their way by e-mail.",
  paymentsUnavailable: "Card payments are not available at the moment. Please try again later.",
  donationHint:
    "Optional, and separate from the ticket: a donation is a gift, so it can carry Gift Aid (a ticket cannot).",
  suggestedDonation: (amount: string) => `Suggested donation: ${amount}`,
  thankYouTitle: "Thank you for booking",
  thankYouPaid: "Your payment is confirmed and your tickets have been e-mailed to you.",
  thankYouPending:
    "Thank you. Your tickets will be e-mailed to you as soon as the payment is confirmed (usually within a minute).",
  cancelledTitle: "Your booking was not completed",
  cancelledText: "No money was taken and the places you held are back on sale.",
  notCompletedText:
    "No money was taken. We are holding your places for a little while in case you go back to pay; if you have changed your mind, release them for someone else (or to start again).",
  releaseButton: "Release my places and start again",
  offerTitle: "A place has come free for you",
  offerText: (until: string) => `We are holding it for you for 24 hours from our e-mail, until ${until}.`,
  offerGone: "This offer has ended or has been used. The place may have gone to the next person on the list.",
};
