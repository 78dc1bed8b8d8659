/** The addresses of Your giving (/giving), the donors' own pages. */
export const givingPaths = {
  home: "/giving",
  /** The signed-in donor's page. */
  account: "/giving/account",
  link: (token: string) => `/giving/link/${token}`,
  signOut: "/giving/sign-out",
  /** A tax year's giving statement as a PDF (2025: 6 April 2025 to 5 April 2026). */
  statement: (year: number) => `/giving/statements/${year}.pdf`,
  newsletter: "/giving/newsletter",
  /** The donor's personal data, as JSON. */
  data: "/giving/data.json",
  changeAmount: (reference: string) => `/giving/pledges/${reference}/amount`,
  stopMonthly: (reference: string) => `/giving/pledges/${reference}/stop`,
  cancelDeclaration: (id: number) => `/giving/declarations/${id}/cancel`,
  confirmDeclaration: (id: number) => `/giving/declarations/${id}/confirm`,
  /** The donor's name and home address. */
  details: "/giving/details",
  newDeclaration: "/giving/declarations/new",
} as const;
