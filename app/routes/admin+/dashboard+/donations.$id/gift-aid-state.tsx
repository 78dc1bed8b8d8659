import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PledgeGiftAid } from "~/gift-aid/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";

const day = (value: string) => formatLongDate(`${value}T12:00:00Z`);

/** One gift's Gift Aid, in words: claimed in which batch, claimable under which declaration, or why not. */
function GiftLine({ gift }: { gift: SerializeFrom<PledgeGiftAid>["gifts"][number] }) {
  const what = `${formatPence(gift.keptPence)} received ${day(gift.receivedOn)}${gift.refundedPence > 0 ? ` (after ${formatPence(gift.refundedPence)} refunded)` : ""}`;
  if (gift.claim) {
    return (
      <>
        {what}: claimed,{" "}
        <Link to={adminPaths.giftAidClaim(gift.claim.claimId)} className="link">
          in Gift Aid claim {gift.claim.claimId}
        </Link>{" "}
        ({gift.claim.submitted ? "submitted" : "not yet submitted"}) on {formatPence(gift.claim.claimedPence)}: Gift Aid{" "}
        {formatPence(gift.giftAidPence)}
        {gift.refundedPence > 0 && gift.keptPence < gift.claim.claimedPence
          ? ". Refunded after the claim: the over-claim is deducted by the next batch"
          : ""}
      </>
    );
  }
  if (gift.state === "claimable") {
    return (
      <>
        {what}: covered by{" "}
        <Link to={adminPaths.giftAidDeclaration(gift.declarationId!)} className="link">
          declaration {gift.declarationId}
        </Link>
        , claimable in the next batch: Gift Aid {formatPence(gift.giftAidPence)}
      </>
    );
  }
  return (
    <>
      {what}: not covered ({gift.reason})
    </>
  );
}

/** The pledge's Gift Aid: its supporter's declarations, and each gift's state, claimed amount and batch. */
export function GiftAidState({ giftAid }: { giftAid: SerializeFrom<PledgeGiftAid> }) {
  return (
    <section aria-labelledby="gift-aid-heading" className="mt-8">
      <h3 id="gift-aid-heading" className="text-xl font-semibold">
        Gift Aid
      </h3>
      {giftAid.declarations.length === 0 ? (
        <p className="mt-2">Not covered: the donor has no Gift Aid declaration.</p>
      ) : (
        <ul className="mt-2 list-inside list-disc">
          {giftAid.declarations.map((d) => (
            <li key={d.id}>
              <Link to={adminPaths.giftAidDeclaration(d.id)} className="link">
                Declaration {d.id}
              </Link>
              , made {day(d.declaredOn)}
              {d.onThisPledge ? " with this pledge" : " (the supporter's, made elsewhere)"}
              {d.cancelledOn ? `, cancelled ${day(d.cancelledOn)}` : ""}
            </li>
          ))}
        </ul>
      )}
      {giftAid.gifts.length > 0 ? (
        <>
          <p className="mt-3 font-semibold">
            Gift Aid claimed: {formatPence(giftAid.claimedPence)}; claimable now: {formatPence(giftAid.claimablePence)}
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {giftAid.gifts.map((gift) => (
              <li key={gift.paymentId}>
                <GiftLine gift={gift} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No gift received yet.</p>
      )}
    </section>
  );
}
