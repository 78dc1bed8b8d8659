// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/_public+/donate/route.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { json, redirect, redirectDocument } from "@remix-run/node";
export { pledgeOfDonation, submitPledge } from "~/giving/index.server";
export { submitCardGift } from "~/giving/index.server";
export { stripeEnabled } from "~/infra/stripe.server";
export { handlePublicForm } from "../_glue/public-form.server";
export { pageHeaders } from "../_glue/page-headers.server";
export { cachedLoader } from "~/infra/page-cache.server";
export { giftCauseOf, giftCauseOfPost } from "~/causes/index.server";
// The form's schema runs on the server only here: the staff record-a-gift form shares it, and a
// module two routes import becomes a shared chunk the donate page would load (zod with it).
export { donationSchema } from "~/giving/schemas/donation";
export { donatePageWords } from "~/content/donate-page-words";
export { donateEditedWords } from "../_glue/donate-edited-words.server";
export { withCharityDetails } from "~/site/index.server";
export { applySoftOptIn, donateFormOptOutLine } from "~/supporters/index.server";
// The page's informing parts, drawn by the server (components/static-parts.tsx).
export { donateInformation } from "~/routes/_public+/donate/information";
