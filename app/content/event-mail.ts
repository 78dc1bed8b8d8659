// Words of the ticket and waiting-list e-mails (docs/events.md); apart from the pages' words,
// so that the public event page does not ship them.

export const ticketMail = {
  subject: (title: string) => `Your tickets: ${title}`,
  intro: (name: string, title: string) => `Dear ${name}, thank you for booking for ${title}. Your tickets are below.`,
  howToUse:
    "Show each ticket's QR code (on your phone or printed) at the door. If it will not scan, the code under it can be typed in.",
  ticketHeading: (n: number, of: number) => `Ticket ${n} of ${of}`,
  guestSubject: (title: string) => `Your ticket: ${title}`,
  guestIntro: (name: string, buyer: string, title: string) =>
    `Dear ${name}, ${buyer} has booked you a place at ${title}. Your ticket is below.`,
  offerSubject: (title: string) => `A place has come free: ${title}`,
  offerIntro: (name: string, title: string, until: string) =>
    `Dear ${name}, a place has come free for ${title} and we are holding it for you until ${until}. Open the link to take it:`,
  offerLink: "Take the place:",
  offerIgnore: "If you no longer want it, ignore this message: the place goes to the next person after that time.",
  staffAttentionSubject: "An event payment needs attention",
};
