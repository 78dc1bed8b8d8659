import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { eventsPage } from "~/content/events";
import { cancelHeldOrder, json, orderStatus } from "~/routes/_glue/event-order-page.server";
import { pageMeta } from "~/utils/meta";

// Where Stripe Checkout sends a ticket buyer back: paid (the tickets are on their way by
// e-mail), not confirmed yet, or cancelled (?cancelled=1: the held places go back on sale at
// once). Shows nothing personal: the order's reference and status only.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const reference = params.reference ?? "";
  if (new URL(request.url).searchParams.get("cancelled") === "1") await cancelHeldOrder(slug, reference);
  const order = await orderStatus(slug, reference);
  if (!order) throw new Response("Not Found", { status: 404 });
  return json({ order }, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Your booking", description: "Your event booking.", noindex: true }, matches);

export default function Order() {
  const { order } = useLoaderData<typeof loader>();
  const cancelled = order.status === "released";
  return (
    <div className="container-page py-12">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
          {cancelled ? eventsPage.cancelledTitle : eventsPage.thankYouTitle}
        </h1>
        <p className="mt-4 text-lg">{order.title}</p>
        <p role="status" className="mt-4 text-lg">
          {cancelled
            ? eventsPage.cancelledText
            : order.status === "paid"
              ? eventsPage.thankYouPaid
              : eventsPage.thankYouPending}
        </p>
        <p className="mt-4">
          Reference: <strong>{order.reference}</strong>
        </p>
        <p className="mt-8">
          <Link to={`/events/${order.slug}`} className="link">
            Back to the event
          </Link>
        </p>
      </div>
    </div>
  );
}
