import {
  cardPaymentNote,
  donateHero,
  donationTypes,
  payByOptions,
  paymentNote,
  presetAmounts,
  reasonsToDonate,
  valueExamples,
} from "./donate";
import {
  CURRENT_DECLARATION_VERSION,
  DECLARATION_COVERS,
  GIFT_AID_DECLARATION_VERSIONS,
  giftAidForm,
  giftAidInfo,
} from "./gift-aid";
import { donateYearsOfImpact } from "./statistics";
import { monthlyNote } from "./bank-transfer";
import { directDebitGuarantee, directDebitMark, directDebitOption } from "./direct-debit";

// The donate page's words, read by its loader only (through app/routes/_imports/donate-page.server.ts)
// and sent as data: in the page's JavaScript they cost 1.8 KB gzipped of a page that ships the
// form, Gift Aid and the side boxes together. The words themselves stay where they are.

/** Everything the donate page and its form say, as the loader sends it. */
export function donatePageWords() {
  return {
    // The heading, value examples and reasons are what the page was seeded with: its loader sends
    // the page's live revision's instead (staff edit them: docs/site-editor.md).
    hero: donateHero as { title: string; lead: string },
    yearsOfImpact: donateYearsOfImpact,
    valueExamples: valueExamples as readonly { amount: number; title: string; description: string }[],
    giftAid: giftAidInfo,
    reasonsToDonate: reasonsToDonate as readonly { title: string; description: string }[],
    monthlyNote,
    form: {
      donationTypes,
      presetAmounts,
      // Card, Direct Debit (monthly gifts only: the page hides it for a one-off gift), bank transfer.
      payByOptions: [payByOptions[0], directDebitOption, payByOptions[1]],
      paymentNote,
      cardPaymentNote,
      directDebitGuarantee,
      directDebitMark,
    },
    declaration: giftAidDeclarationWords(),
  };
}

export type DonatePageWords = ReturnType<typeof donatePageWords>;

/** The current Gift Aid declaration and its form's words (GiftAidFields): the donate form's and the event page's. */
export function giftAidDeclarationWords() {
  return {
    version: CURRENT_DECLARATION_VERSION,
    text: GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION],
    covers: DECLARATION_COVERS,
    form: giftAidForm,
  };
}

export type GiftAidDeclarationWords = ReturnType<typeof giftAidDeclarationWords>;
