import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { getDb } from "~/infra/db.server";
import { recordAudit } from "~/models/audit.server";
import { listConfirmedSubscribers } from "~/models/newsletter.server";
import { requireRole } from "~/services/session.server";

/** Confirmed addresses for a mail tool: one row each, with when they signed up and confirmed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "subscribers");
  const rows = await listConfirmedSubscribers(getDb());
  await recordAudit(getDb(), {
    entity: "subscriber",
    entityId: null,
    action: "subscribers.exported",
    detail: `${rows.length} confirmed addresses`,
    actor: user.username,
  });
  const csv = toCsv(
    ["email", "signed_up_at", "confirmed_at"],
    rows.map((s) => [s.email, s.consented_at, s.confirmed_at ?? ""]),
  );
  return csvResponse(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
