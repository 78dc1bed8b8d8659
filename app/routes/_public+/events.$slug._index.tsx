import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { LeadPicture, MarkdownText } from "~/components/reading-page";
import { ErrorSummary } from "~/components/ui/error-summary";
import { GiftAidFields } from "~/components/gift-aid/gift-aid-fields";
import { Honeypot, SelectField, TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  BookingRefused,
  clientKey,
  eventFormSchema,
  giftAidDetails,
  giftAidWords,
  guestRows,
  guestsOf,
  quantityLimits,
  handlePublicForm,
  joinWaitlist,
  json,
  pageHeaders,
  publicEvent,
  eventPageWords,
  redirect,
  startBooking,
  orderPath,
} from "~/routes/_glue/event-page.server";
import { eventBookingRules, guestRowCount, waitlistRules } from "~/events/schemas/event-booking-rules";
import { orderTotalText, quantityChoices } from "~/events/utils/ticket-order";
import { useHydrated } from "~/utils/hydrated";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm, type FieldMeta, type FormMeta } from "~/utils/light-form";
import { pageMeta } from "~/utils/meta";
import { invariantResponse } from "~/utils/http";
import { eventNotFound } from "~/content/event-not-found";
import { MissingOrError } from "~/components/error-page";

// /events/{slug}: what, when, where, the places left of each ticket type, and the ticket form
// (quantity, the buyer's name and e-mail, an optional donation). Paid tickets go on to Stripe
// Checkout once their places are held; free ones are booked at once; a buyer who finds them
// sold out is offered the waiting list (docs/events.md). Works without JavaScript.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const found = await publicEvent(params.slug ?? "");
  invariantResponse(found, eventNotFound.event);
  // Each ticket type's quantity menu: the places left, within the per-order and per-buyer limits.
  const event = {
    ...found,
    ticketTypes: found.ticketTypes.map((type) => ({
      ...type,
      most: type.sale === "on-sale" ? quantityChoices(type.left, ...quantityLimits).length : 0,
      // The order total for each number of tickets, in pounds: data, so the page ships no money code.
      totals: quantityChoices(type.left, ...quantityLimits).map((n) => orderTotalText(type.pricePence, n)),
    })),
  };
  return json({
    event,
    words: eventPageWords,
    giftAid: await giftAidWords(),
    guestRows,
    chosen: chosenTickets(event, request),
  });
}

/**
 * The quantity chosen at the first step (without JavaScript: `?ticket_type=…&quantity=…`, a GET),
 * or null. A number the ticket type cannot offer is not a choice: the first step shows again.
 */
function chosenTickets(event: { ticketTypes: { id: number; most: number }[] }, request: Request) {
  const query = new URL(request.url).searchParams;
  const tickets = Number(query.get("quantity"));
  const type = event.ticketTypes.find((t) => String(t.id) === query.get("ticket_type"));
  if (!type || !Number.isInteger(tickets) || tickets < 1 || tickets > type.most) return null;
  return { type: type.id, quantity: tickets };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.event.title, description: data.event.summary || `An event of ${site.name}.` }, matches)
    : pageMeta({ title: "Event not found", description: `There is no such event of ${site.name}.` }, matches);

export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  return handlePublicForm(request, {
    schema: eventFormSchema,
    async onValid(value, submission) {
      try {
        if (value.intent === "waitlist") {
          await joinWaitlist({
            slug,
            ticketTypeId: value.ticket_type,
            name: value.name,
            email: value.email,
            places: value.places,
          });
          return json({ result: submission.reply({ resetForm: true }), joined: true, soldOut: null });
        }
        const outcome = await startBooking({
          slug,
          ticketTypeId: value.ticket_type,
          quantity: value.quantity,
          name: value.name,
          email: value.email,
          donationPence: value.donation ?? 0,
          guests: guestsOf(value, value.quantity),
          giftAid: giftAidDetails(value),
          client: clientKey(request),
        });
        return redirect(outcome.kind === "checkout" ? outcome.url : orderPath(slug, outcome.reference), 303);
      } catch (error) {
        if (!(error instanceof BookingRefused)) throw error;
        const soldOut =
          error.reason === "sold-out" && value.intent === "book"
            ? {
                ticketType: String(value.ticket_type),
                name: value.name,
                email: value.email,
                places: String(value.quantity),
              }
            : null;
        return json(
          { result: submission.reply({ formErrors: [error.message] }), joined: false, soldOut },
          { status: error.status },
        );
      }
    },
  });
}

const bookingChecks = browserValidation(eventBookingRules);
const waitlistChecks = browserValidation(waitlistRules);
const options = (most: number) =>
  Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

type EventData = ReturnType<typeof useLoaderData<typeof loader>>["event"];

type Words = ReturnType<typeof useLoaderData<typeof loader>>["words"];
type GiftAidWords = ReturnType<typeof useLoaderData<typeof loader>>["giftAid"];
type GuestRows = ReturnType<typeof useLoaderData<typeof loader>>["guestRows"];
type Chosen = ReturnType<typeof useLoaderData<typeof loader>>["chosen"];

/** The ticket form or the waiting list's: a post to this page, its error summary first. */
function EventForm({ form, className, children }: { form: FormMeta; className: string; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <ErrorSummary form={form} />
      <Honeypot />
      {children}
    </Form>
  );
}

/** The ticket asked for: a hidden field when there is one to choose, else a list of [id, label]. */
function TicketChoice({ meta, choices }: { meta: FieldMeta; choices: [id: number, label: string][] }) {
  if (choices.length === 1) return <input type="hidden" name={meta.name} value={choices[0][0]} />;
  return (
    <SelectField
      meta={meta}
      label="Ticket"
      placeholder="Choose a ticket"
      options={choices.map(([id, label]) => ({ value: String(id), label }))}
    />
  );
}

/** The buyer's (or the waiting visitor's) name and e-mail address. */
function BuyerFields({ fields }: { fields: Record<"name" | "email", FieldMeta> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField meta={fields.name} label="Your name" autoComplete="name" />
      <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
    </div>
  );
}

function BookingForm({
  event,
  words,
  giftAid,
  guestRows,
  chosen,
}: {
  event: EventData;
  words: Words;
  giftAid: GiftAidWords;
  guestRows: GuestRows;
  chosen: Chosen;
}) {
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const onSale = event.ticketTypes.filter((type) => type.most > 0);
  const lastResult = actionData && !("joined" in actionData && actionData.joined) ? actionData.result : undefined;
  // What was posted (a refused booking shows again as it was sent), else the first step's choice.
  const posted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  const firstType = onSale.length === 1 ? String(onSale[0].id) : "";
  const [typeId, setTypeId] = useState(String(posted?.ticket_type ?? chosen?.type ?? firstType));
  const [quantity, setQuantity] = useState(Number(posted?.quantity ?? chosen?.quantity ?? 1) || 1);
  const [form, fields] = useForm({
    id: "book",
    lastResult,
    defaultValue: { quantity: String(quantity), ticket_type: typeId || undefined },
    ...bookingChecks,
  });
  // With JavaScript, the menus may have been changed before the page came alive: start from them.
  useEffect(() => {
    if (!hydrated) return;
    const chosenType = document.getElementById(fields.ticket_type.id) as HTMLInputElement | HTMLSelectElement | null;
    const chosenNumber = document.getElementById(fields.quantity.id) as HTMLSelectElement | null;
    // Once, from the menus the server rendered (an outside system to React until now).
    /* eslint-disable react-hooks/set-state-in-effect */
    if (chosenType?.value) setTypeId(chosenType.value);
    if (chosenNumber?.value) setQuantity(Number(chosenNumber.value) || 1);
    /* eslint-enable react-hooks/set-state-in-effect */
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page comes alive
  }, [hydrated]);
  if (onSale.length === 0) return null;
  const type = onSale.find((t) => String(t.id) === typeId);
  const most = type?.most ?? Math.max(...onSale.map((t) => t.most));
  // Without JavaScript, the number is chosen first (unless only one can be had) and fixed here.
  const fixed = !hydrated && (posted !== null || chosen !== null || most === 1);
  // The first step (no JavaScript, nothing chosen yet): the ticket and the number, then Continue.
  const firstStep = !hydrated && !fixed;
  const rows = guestRows.slice(0, guestRowCount(quantity));
  const details = (
    <>
      <BuyerFields fields={fields} />
      {rows.length > 0 ? (
        <fieldset>
          <legend className="text-lg font-semibold">{words.guestsLegend}</legend>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{words.guestsHint}</p>
          <div className="mt-3">
            {rows.map(([name, email]) => (
              <div key={name.field} className="grid gap-5 py-2 sm:grid-cols-2">
                <TextField meta={fields[name.field]} label={name.label} autoComplete="off" />
                <TextField meta={fields[email.field]} label={email.label} type="email" optional autoComplete="off" />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextField
        meta={fields.donation}
        label="Donation in pounds"
        optional
        inputMode="decimal"
        hint={
          event.suggestedDonation
            ? `Suggested donation: ${event.suggestedDonation}. ${words.donationHint}`
            : words.donationHint
        }
      />
      <GiftAidFields fields={fields} words={giftAid} />
      {type ? (
        <p className="text-lg" aria-live="polite">
          <span className="font-semibold">{words.orderTotal}</span> {type.totals[quantity - 1]} {words.plusDonation}
        </p>
      ) : null}
      <button type="submit" name="intent" value="book" className="btn-primary">
        Book tickets
      </button>
    </>
  );
  return (
    <EventForm form={form} className="space-y-5">
      {fixed && type ? (
        <div className="rounded-lg border border-slate-300 p-4 dark:border-slate-600">
          <input type="hidden" name="ticket_type" value={type.id} />
          <input type="hidden" name="quantity" value={quantity} />
          <p className="font-medium">{`${quantity} × ${type.name} (${type.price})`}</p>
          {most > 1 ? (
            <a href={`/events/${event.slug}#book-heading`} className="link">
              {words.changeTickets}
            </a>
          ) : null}
        </div>
      ) : (
        <>
          <div onChange={(e) => setTypeId((e.target as HTMLSelectElement).value)}>
            <TicketChoice
              meta={fields.ticket_type}
              choices={onSale.map((type) => [type.id, `${type.name} (${type.price})`])}
            />
          </div>
          <div onChange={(e) => setQuantity(Number((e.target as HTMLSelectElement).value) || 1)}>
            <SelectField meta={fields.quantity} label="Number of tickets" options={options(most)} />
          </div>
        </>
      )}
      {firstStep ? (
        // A GET of this page with the choice (?ticket_type=…&quantity=…): the next step asks for that many guests.
        <button
          type="submit"
          formMethod="get"
          formAction={`/events/${event.slug}#book-heading`}
          formNoValidate
          className="btn-primary"
        >
          {words.continueButton}
        </button>
      ) : (
        details
      )}
    </EventForm>
  );
}

function WaitlistForm({ event, words }: { event: EventData; words: Words }) {
  const actionData = useActionData<typeof action>();
  const soldOut = actionData && "soldOut" in actionData ? actionData.soldOut : null;
  const full = event.ticketTypes.filter((type) => type.left === 0 && type.sale !== "ended");
  const [form, fields] = useForm({
    id: "waitlist",
    lastResult: undefined,
    defaultValue: {
      ticket_type: soldOut?.ticketType ?? (full.length === 1 ? String(full[0].id) : undefined),
      name: soldOut?.name,
      email: soldOut?.email,
      places: soldOut?.places ?? "1",
    },
    ...waitlistChecks,
  });
  if (full.length === 0 && !soldOut) return null;
  const choices = soldOut ? event.ticketTypes.filter((t) => String(t.id) === soldOut.ticketType || t.left === 0) : full;
  return (
    <section aria-labelledby="waitlist-heading" className="mt-10">
      <h2 id="waitlist-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {words.waitlistHeading}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{words.waitlistIntro}</p>
      <EventForm form={form} className="mt-4 space-y-5">
        <TicketChoice meta={fields.ticket_type} choices={choices.map((type) => [type.id, type.name])} />
        <SelectField
          meta={fields.places}
          label="How many places"
          options={options(Math.min(10, ...choices.map((type) => type.places)))}
        />
        <BuyerFields fields={fields} />
        <button type="submit" name="intent" value="waitlist" className="btn-secondary">
          Join the waiting list
        </button>
      </EventForm>
    </section>
  );
}

export default function EventPage() {
  const { event, words, giftAid, guestRows, chosen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const soldOut = actionData && "soldOut" in actionData ? actionData.soldOut : null;
  const joined = actionData && "joined" in actionData ? actionData.joined : false;
  return (
    <div className="container-page py-12">
      <article className="max-w-3xl">
        <Link to="/events" className="link">
          <span aria-hidden="true">← </span>All events
        </Link>
        <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{event.title}</h1>
        <p className="mt-3 text-lg font-medium text-slate-800 dark:text-slate-200">
          <time dateTime={event.startsAt}>{event.when}</time> · {event.venue}
        </p>
        {event.image ? <LeadPicture image={event.image} /> : null}
        <MarkdownText html={event.descriptionHtml} />
        <section aria-labelledby="tickets-heading" className="mt-10">
          <h2 id="tickets-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Tickets
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {event.ticketTypes.map((type) => (
              <li key={type.id} className="flex flex-wrap justify-between gap-2 p-4">
                <span className="font-medium">
                  {type.name}: {type.price}
                </span>
                <span className={type.left === 0 ? "font-bold text-red-800 dark:text-red-300" : ""}>{type.note}</span>
              </li>
            ))}
          </ul>
        </section>
        {joined ? (
          <p role="status" className="mt-8 rounded-lg border-2 border-green-700 p-4 text-lg">
            {words.joinedWaitlist}
          </p>
        ) : null}
        {soldOut ? (
          <p role="alert" className="mt-8 rounded-lg border-2 border-red-700 p-4 text-lg font-semibold">
            {words.soldOutNow}
          </p>
        ) : null}
        {soldOut || !event.ticketTypes.some((type) => type.sale === "on-sale" && type.left > 0) ? null : (
          <section aria-labelledby="book-heading" className="mt-10">
            <h2 id="book-heading" className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">
              {words.bookHeading}
            </h2>
            <BookingForm event={event} words={words} giftAid={giftAid} guestRows={guestRows} chosen={chosen} />
          </section>
        )}
        {/* Keyed: a buyer just told "sold out" gets the form afresh, filled in with what they typed. */}
        {joined ? null : <WaitlistForm key={soldOut ? "sold-out" : "full"} event={event} words={words} />}
      </article>
    </div>
  );
}

/** A missing event or booking: said in the page, with the way to the events list. */
export function ErrorBoundary() {
  return (
    <MissingOrError
      title={eventNotFound.title}
      text={eventNotFound.event}
      link={{ to: "/events", label: eventNotFound.allEvents }}
    />
  );
}
