import type { LoaderFunctionArgs } from "@remix-run/node";
import { scheduleCsvResponse } from "~/services/gift-aid.server";
import { requireRole } from "~/services/session.server";
import { parseArticleId } from "~/utils/article-id";

/** The batch's rows in HMRC's Gift Aid schedule columns, as a CSV download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const id = parseArticleId(params.id);
  const response = id === null ? null : await scheduleCsvResponse(id);
  if (!response) throw new Response("There is no such claim batch.", { status: 404, statusText: "Not Found" });
  return response;
}
