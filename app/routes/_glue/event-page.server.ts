// Route glue (app/routes/_glue/, never a route): what app/routes/_public+/events.$slug._index.tsx needs of the server.
export { json, redirect } from "@remix-run/node";
export { publicEvent } from "~/services/events.server";
export { BookingRefused, joinWaitlist, startBooking, orderPath } from "~/services/tickets.server";
export { eventFormSchema, guestsOf } from "~/schemas/event-booking";
export { giftAidDetails } from "~/schemas/donation";
export { handlePublicForm } from "./public-form.server";
export { pageHeaders } from "./page-headers.server";
// The page's words travel in its data, so the page's script does not carry the content module.
export { eventsPage as eventPageWords } from "~/content/events";

import {
  CURRENT_DECLARATION_VERSION,
  DECLARATION_COVERS,
  GIFT_AID_DECLARATION_VERSIONS,
  giftAidForm,
} from "~/content/gift-aid";
import { getCharitySettings } from "~/services/charity-settings.server";
import { guestEmailField, guestNameField } from "~/schemas/event-booking-rules";
import { MAX_TICKETS } from "~/schemas/event-booking";
import { charityText } from "~/utils/charity-text";

/**
 * The donate form's Gift Aid words (the declaration of the current version, naming the charity),
 * sent in the page's data so the event page's script carries neither them nor their component.
 */
export async function giftAidWords() {
  const charity = await getCharitySettings();
  return {
    ...giftAidForm,
    version: CURRENT_DECLARATION_VERSION,
    declaration: charityText(GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION], charity),
    covers: DECLARATION_COVERS,
    addressHint: `${giftAidForm.addressLegend}: ${giftAidForm.addressHint} Fill these in only if you tick Gift Aid.`,
    address: [
      { name: "title", label: giftAidForm.labels.title, autoComplete: "honorific-prefix", optional: true },
      { name: "house", label: giftAidForm.labels.house, autoComplete: "off" },
      { name: "street", label: giftAidForm.labels.street, autoComplete: "address-line1" },
      { name: "town", label: giftAidForm.labels.town, autoComplete: "address-level2" },
      { name: "postcode", label: giftAidForm.labels.postcode, autoComplete: "postal-code" },
    ],
  };
}

/** The ticket form's guest rows (tickets 2 onwards): each field's name and label, sent in the page's data. */
export const guestRows = Array.from({ length: MAX_TICKETS - 1 }, (_, i) => [
  { field: guestNameField(i + 2), label: `Guest ${i + 1}: name` },
  { field: guestEmailField(i + 2), label: `Guest ${i + 1}: email address` },
]);
