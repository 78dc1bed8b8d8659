import { londonToday, nowDate } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { logger } from "~/infra/logger.server";
import { parsePrivacyEmail } from "~/supporters/schemas/privacy";
import { addressesFor, countsOf, findPersonalData, subjectAccessExport } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { refusal } from "~/utils/http";

const privateHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
};

/** A subject access request: everything held about ?email= as a JSON download. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "privacy");
  const parsed = parsePrivacyEmail(new URL(request.url).searchParams.get("email"));
  if (!parsed.ok) {
    return refusal(400, JSON.stringify({ error: parsed.error }), {
      "Content-Type": "application/json; charset=utf-8",
      ...privateHeaders,
    });
  }
  const data = await findPersonalData(parsed.email);
  logger.info({ event: "privacy.exported", counts: countsOf(data) }, "Personal data exported");
  const addresses = await addressesFor(parsed.email);
  const body = JSON.stringify(subjectAccessExport(parsed.email, data, nowDate(), addresses), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // A fixed name: the address itself stays out of file names and download histories.
      "Content-Disposition": `attachment; filename="personal-data-${londonToday()}.json"`,
      ...privateHeaders,
    },
  });
}
