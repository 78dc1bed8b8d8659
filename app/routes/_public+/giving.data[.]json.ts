import type { LoaderFunctionArgs } from "@remix-run/node";
import { donorDataExport, GIVING_HEADERS, londonToday, requireDonor } from "~/routes/_glue/giving-page.server";

// The signed-in donor downloads everything held about them (the privacy export staff make for a
// subject access request), as a JSON file. No session: back to /giving.

export async function loader({ request }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const body = await donorDataExport(supporterId);
  return new Response(body, {
    headers: {
      ...GIVING_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      // A fixed name: the address stays out of file names and download histories.
      "Content-Disposition": `attachment; filename="personal-data-${londonToday()}.json"`,
    },
  });
}
