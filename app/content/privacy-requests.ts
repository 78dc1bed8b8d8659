// Words of the staff Privacy requests section, defined once so pages and tests agree.

export const privacyRequestMessages = {
  intro:
    "Find everything this website holds about a person by their e-mail address (letter case does not matter), download it for a subject access request, or erase it.",
  nothingHeld: "Nothing is held for this e-mail address.",
  eraseConfirmation:
    "Erase this person's data? Their enquiries, volunteer applications, newsletter subscription, unpaid pledges, unpaid event bookings and waiting-list places are deleted, and their name leaves the tickets they were a guest on. This cannot be undone.",
  paidPledgesKept:
    "Paid pledges and their payments are kept: they are financial records, which UK charity and tax rules (including Gift Aid) require us to keep for six years.",
} as const;
