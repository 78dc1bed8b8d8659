// Words of the ticket and waiting-list e-mails (docs/events.md); apart from the pages' words,
// so that the public event page does not ship them.

export const ticketMail = {
  subject: (title: string) => `Your tickets: ${title}`,
  intro: (name: string, title: string) => `Dear ${name}, thank you for booking for ${title}. Your tickets are below.`,
  howToUse:
    "Show each ticket's QR code (on your phone or printed) at the door. If it will not scan, the code under it can be typed in.",
  ticketHeading: (n: number, of: number) => `Ticket ${n} of ${of}`,
  calendar: "The event is attached as a calendar file (.ics): open it to add the event to your calendar.",
  calendarDescription: (quantity: number, ticket: string, reference: string) =>
    `${quantity} × ${ticket}. Booking reference ${reference}. Your tickets and their codes are in the booking e-mail.`,
  orderHeading: "Your order",
  ticketsLine: (quantity: number, ticket: string, price: string, total: string) =>
    `${quantity} × ${ticket} at ${price}: ${total}`,
  freeTicketsLine: (quantity: number, ticket: string) => `${quantity} × ${ticket}: free`,
  giftAidYes: (amount: string) => `Yes: we will claim ${amount} from HMRC on your donation, at no cost to you`,
  giftAidNo: "Not claimed on this donation",
  receiptHeading: "Receipt",
  receipt: (amount: string, charity: string, day: string, reference: string) =>
    `${amount} received with thanks by ${charity}, on ${day}, by card (booking reference ${reference}).`,
  ticketsNotGift: "A ticket is a purchase, not a donation, so the ticket price carries no Gift Aid.",
  guestSubject: (title: string) => `Your ticket: ${title}`,
  guestIntro: (name: string, buyer: string, title: string) =>
    `Dear ${name}, ${buyer} has booked you a place at ${title}. Your ticket is below.`,
  offerSubject: (title: string) => `Places have come free: ${title}`,
  offerIntro: (name: string, places: number, title: string, hours: number, until: string) =>
    `Dear ${name}, ${places === 1 ? "the place you asked for has" : `the ${places} places you asked for have`} come free for ${title}. We are holding ${places === 1 ? "it" : "them"} for you for ${hours} hours, until ${until}. Open the link to book:`,
  offerLink: "Book the places held for you:",
  offerIgnore:
    "If you no longer want them, ignore this message: after that time they go to the next person on the waiting list.",
  waitlistSubject: (title: string) => `You are on the waiting list: ${title}`,
  waitlistIntro: (name: string, places: number, ticket: string, title: string) =>
    `Dear ${name}, you are on the waiting list for ${places === 1 ? "1 place" : `${places} places`} (${ticket}) at ${title}.`,
  waitlistNext: (hours: number) =>
    `If places come free (someone does not finish paying, or returns a ticket), we e-mail you in turn and hold them for you for ${hours} hours. Nothing is taken from you until you book.`,
  waitlistNotYou: "If you did not ask for this, ignore this message: we will only write if places come free.",
  refundSubject: (title: string) => `Your refund: ${title}`,
  refundIntro: (name: string, amount: string, title: string, reference: string) =>
    `Dear ${name}, we have refunded ${amount} of your booking ${reference} for ${title}, to the card you paid with. It usually shows within 5 to 10 working days.`,
  refundCancelled: (n: number) =>
    n === 1
      ? "1 ticket of the booking is cancelled and will not be accepted at the door."
      : `${n} tickets of the booking are cancelled and will not be accepted at the door.`,
  refundKept: (n: number) => (n === 1 ? "Your other ticket still stands." : `Your other ${n} tickets still stand.`),
  refundAll: "The whole booking is refunded.",
  staffAttentionSubject: "An event payment needs attention",
};
