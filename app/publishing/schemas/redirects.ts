import { z } from "~/schemas/zod";

// Redirects (issue 52): a public address that moved answers 301 with the new one. Only same-site
// paths; the service (app/publishing/services/redirects.server.ts) refuses loops and live addresses.

export const REDIRECT_MAX_LENGTH = 500;

/**
 * The field a confirmation step posts back before a published address goes or moves (the link
 * checker's warning, app/publishing/services/link-check.server.ts): which change was confirmed.
 */
export const CONFIRM_LINKS_FIELD = "confirm_links";

/**
 * A same-site path as stored (`/projects/old-name`), or a message saying what is wrong. No
 * scheme, host, `//`, backslash, query, fragment, space or control character; a trailing slash
 * is dropped.
 */
export function sitePath(input: string): { path: string } | { problem: string } {
  const value = input.trim();
  if (!value) return { problem: "Enter an address on this site, starting with /" };
  if (value.length > REDIRECT_MAX_LENGTH)
    return { problem: `An address must be at most ${REDIRECT_MAX_LENGTH} characters` };
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return {
      problem: "Enter an address on this site only, starting with / (e.g. /projects/clean-water), not a web link",
    };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return { problem: "An address cannot hold spaces" };
  if (/[?#]/.test(value)) return { problem: "Enter the address without ? or # and what follows" };
  if (value.split("/").some((segment) => segment === "." || segment === "..")) {
    return { problem: "An address cannot hold . or .. as a part" };
  }
  const path = value.length > 1 ? value.replace(/\/+$/, "") : value;
  return { path: path || "/" };
}

const sitePathField = (label: string) =>
  z.string({ error: `${label} is required` }).transform((value, ctx) => {
    const result = sitePath(value);
    if ("problem" in result) {
      ctx.addIssue({ code: "custom", message: result.problem });
      return z.NEVER;
    }
    return result.path;
  });

export const redirectFormSchema = z
  .object({ from: sitePathField("Old address"), to: sitePathField("New address") })
  .superRefine((value, ctx) => {
    if (value.from === value.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The new address must differ from the old one" });
    }
  });
