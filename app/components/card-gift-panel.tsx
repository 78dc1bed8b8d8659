import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { useCharity } from "~/components/charity";
import { PledgeSummary } from "~/components/pledge-summary";
import { cardGiftPanel } from "~/content/card-gift";

/**
 * A card donor's own pages (the return from Stripe Checkout, the wait page): the gift, what the
 * donor can do next (`children`), and whom to write to.
 */
export function CardGiftPanel({
  gift,
  children,
}: {
  gift: { reference: string; amount: string; typeLabel: string };
  children: ReactNode;
}) {
  const charity = useCharity();
  return (
    <div className="container-page py-12">
      <section
        aria-labelledby="gift-heading"
        className="max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="gift-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {cardGiftPanel.heading}
        </h2>
        <PledgeSummary
          reference={gift.reference}
          amount={gift.amount}
          typeLabel={gift.typeLabel}
          className="mt-4 space-y-3"
        />
        {children}
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          {cardGiftPanel.questions}{" "}
          <a href={`mailto:${charity.email}`} className="link">
            {charity.email}
          </a>{" "}
          {cardGiftPanel.quoteReference}
        </p>
      </section>
    </div>
  );
}

/** The donor's two ways on from a card payment that did not happen: card again, or bank transfer. */
export function CardGiftChoiceForm({
  choice,
  action,
  reloadDocument,
}: {
  choice: "retry" | "bank";
  action?: string;
  reloadDocument?: boolean;
}) {
  return (
    <Form method="post" action={action} reloadDocument={reloadDocument}>
      {choice === "bank" ? <input type="hidden" name="intent" value="bank" /> : null}
      <button type="submit" className={choice === "bank" ? "btn-secondary" : "btn-donate"}>
        {choice === "bank" ? cardGiftPanel.bank : cardGiftPanel.retry}
      </button>
    </Form>
  );
}
