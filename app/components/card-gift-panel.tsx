import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { useCharity } from "~/components/charity";
import { PledgeSummary } from "~/components/pledge-summary";
import { Panel } from "~/components/ui/panel";
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
      <Panel title={cardGiftPanel.heading} className="max-w-2xl">
        <PledgeSummary reference={gift.reference} amount={gift.amount} typeLabel={gift.typeLabel} />
        {children}
        <p className="mt-6 text-sm">
          {cardGiftPanel.questions}{" "}
          <a href={`mailto:${charity.email}`} className="link">
            {charity.email}
          </a>{" "}
          {cardGiftPanel.quoteReference}
        </p>
      </Panel>
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
