import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { eventsPage } from "~/content/events";
import { eventNotFound } from "~/content/event-not-found";
import {
  cancelHeldOrder,
  json,
  orderStatus,
  redirect,
  refuseCrossSite,
} from "~/routes/_imports/event-order-page.server";
import { pageMeta } from "~/utils/meta";
import { invariantResponse } from "~/utils/http";
import { MissingOrError } from "~/components/error-page";

// Where Stripe Checkout sends a ticket buyer back: paid (the tickets are on their way by
// e-mail), not confirmed yet, or cancelled (?cancelled=1). The GET changes nothing: a buyer who
// left Checkout is offered a button that releases the held places (a POST); otherwise Stripe's
// `checkout.session.expired` or the sweep releases them (docs/decisions/0032-event-tickets.md). Shows nothing
// personal: the order's reference and status only.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const order = await orderStatus(params.slug ?? "", params.reference ?? "");
  invariantResponse(order, eventNotFound.order);
  const leftCheckout = new URL(request.url).searchParams.get("cancelled") === "1";
  return json(
    { order, leftCheckout },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export async function action({ params, request }: ActionFunctionArgs) {
  refuseCrossSite(request);
  const slug = params.slug ?? "";
  await cancelHeldOrder(slug, params.reference ?? "");
  return redirect(`/events/${slug}`, 303);
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Your booking", description: "Your event booking.", noindex: true }, matches);

function statusText(status: string, leftCheckout: boolean): string {
  if (status === "released") return eventsPage.cancelledText;
  if (status === "paid") return eventsPage.thankYouPaid;
  return leftCheckout ? eventsPage.notCompletedText : eventsPage.thankYouPending;
}

export default function Order() {
  const { order, leftCheckout } = useLoaderData<typeof loader>();
  const notCompleted = order.status === "released" || (leftCheckout && order.status === "held");
  return (
    <div className="container-page py-12">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
          {notCompleted ? eventsPage.cancelledTitle : eventsPage.thankYouTitle}
        </h1>
        <p className="mt-4 text-lg">{order.title}</p>
        <p role="status" className="mt-4 text-lg">
          {statusText(order.status, leftCheckout)}
        </p>
        <p className="mt-4">
          Reference: <strong>{order.reference}</strong>
        </p>
        {leftCheckout && order.status === "held" ? (
          <Form method="post" className="mt-6">
            <button type="submit" className="btn-primary">
              {eventsPage.releaseButton}
            </button>
          </Form>
        ) : null}
        <p className="mt-8">
          <Link to={`/events/${order.slug}`} className="link">
            Back to the event
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A missing event or booking: said in the page, with the way to the events list. */
export function ErrorBoundary() {
  return (
    <MissingOrError
      title={eventNotFound.title}
      text={eventNotFound.order}
      link={{ to: "/events", label: eventNotFound.allEvents }}
    />
  );
}
