/** The addresses of Your giving (/giving), the donors' own pages. */
export const givingPaths = {
  home: "/giving",
  /** The signed-in donor's page. */
  account: "/giving/account",
  link: (token: string) => `/giving/link/${token}`,
  signOut: "/giving/sign-out",
  cancelDeclaration: (id: number) => `/giving/declarations/${id}/cancel`,
} as const;
