import { getDb } from "~/infra/db.server";
import { getAppealTitles } from "~/causes/models/appeal.server";
import { getFundraisingPageTitles } from "~/causes/models/fundraising-page.server";
import { textProblem } from "~/schemas/field-rules";
import { FUNDRAISING_LIMITS } from "~/causes/schemas/fundraising-rules";
import { appealForGift } from "./appeals.server";
import { pageForGift } from "./fundraising.server";

// What a gift on the donate form goes to: an appeal (/donate?appeal=slug) or a supporter's page
// (/donate?page=slug), named by a hidden field and shown as "Your gift goes to: …". A closed
// appeal, or a page that is not public, leaves the gift to the general fund.

export type GiftCause =
  | { kind: "appeal"; slug: string; title: string; open: boolean }
  | { kind: "page"; slug: string; title: string; ownerName: string };

/** The cause the donate page's address names, for the line above the form; null for the general fund. */
export async function giftCauseOf(search: URLSearchParams): Promise<GiftCause | null> {
  const appeal = search.get("appeal");
  if (appeal) {
    const found = await appealForGift(appeal);
    return found ? { kind: "appeal", slug: found.slug, title: found.title, open: found.open } : null;
  }
  const page = search.get("page");
  if (page) {
    const found = await pageForGift(page);
    return found ? { kind: "page", ...found } : null;
  }
  return null;
}

export interface GiftCauseFields {
  appealId: number | null;
  fundraisingPageId: number | null;
  supporterMessage: string | null;
  showName: boolean;
  showAmount: boolean;
}

const GENERAL_FUND: GiftCauseFields = {
  appealId: null,
  fundraisingPageId: null,
  supporterMessage: null,
  showName: true,
  showAmount: true,
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The cause of a posted gift, from the form's hidden fields: an open appeal, or a public page
 * with the donor's message (the shared text rule; refused with its field's message) and whether
 * their name and the amount show. Anything else goes to the general fund.
 */
export async function giftCauseOfPost(
  payload: Record<string, unknown>,
): Promise<{ ok: true; cause: GiftCauseFields } | { ok: false; field: string; message: string }> {
  const appealSlug = text(payload.appeal);
  if (appealSlug) {
    const appeal = await appealForGift(appealSlug);
    return { ok: true, cause: appeal?.open ? { ...GENERAL_FUND, appealId: appeal.id } : GENERAL_FUND };
  }
  const pageSlug = text(payload.fundraisingPage);
  if (pageSlug) {
    const page = await pageForGift(pageSlug);
    if (!page) return { ok: true, cause: GENERAL_FUND };
    // A page counts single gifts (its form offers no monthly choice): a monthly post is refused.
    if (payload.type === "monthly") {
      return {
        ok: false,
        field: "type",
        message: "A gift through a supporter's page is a single gift: choose One-time",
      };
    }
    const message = text(payload.supporterMessage).replace(/\r\n?/g, "\n");
    if (message.length > FUNDRAISING_LIMITS.message) {
      return {
        ok: false,
        field: "supporterMessage",
        message: `Your message must be at most ${FUNDRAISING_LIMITS.message} characters`,
      };
    }
    const problem = message ? textProblem("multiline", "Your message", message) : null;
    if (problem) return { ok: false, field: "supporterMessage", message: problem };
    return {
      ok: true,
      cause: {
        appealId: null,
        fundraisingPageId: page.id,
        supporterMessage: message || null,
        showName: payload.anonymous !== "on",
        showAmount: payload.hideAmount !== "on",
      },
    };
  }
  return { ok: true, cause: GENERAL_FUND };
}

/** What each gift was given to, in words for staff (the pledge page, the exports): "Appeal: …", "Page: …", or "". */
export async function causeLabels(
  gifts: readonly { appealId: number | null; fundraisingPageId: number | null }[],
): Promise<(gift: { appealId: number | null; fundraisingPageId: number | null }) => string> {
  const db = getDb();
  const [appeals, pages] = await Promise.all([
    getAppealTitles(
      db,
      gifts.flatMap((g) => (g.appealId === null ? [] : [g.appealId])),
    ),
    getFundraisingPageTitles(
      db,
      gifts.flatMap((g) => (g.fundraisingPageId === null ? [] : [g.fundraisingPageId])),
    ),
  ]);
  return (gift) => {
    if (gift.appealId !== null) return `Appeal: ${appeals.get(gift.appealId)?.title ?? gift.appealId}`;
    if (gift.fundraisingPageId !== null) {
      const page = pages.get(gift.fundraisingPageId);
      return page ? `${page.kind === "memoriam" ? "Tribute page" : "Fundraising page"}: ${page.title}` : "";
    }
    return "";
  };
}
