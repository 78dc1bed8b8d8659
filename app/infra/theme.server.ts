import { readCookie } from "./cookies.server";

export type Theme = "light" | "dark";

const COOKIE = "theme";
const ONE_YEAR = 60 * 60 * 24 * 365;

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The visitor's explicit choice, or null to follow the operating system. */
export function getTheme(request: Request): Theme | null {
  const value = readCookie(request, COOKIE);
  return isTheme(value) ? value : null;
}

export function serializeThemeCookie(theme: Theme): string {
  return `${COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax; HttpOnly`;
}
