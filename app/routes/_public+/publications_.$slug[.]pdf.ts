import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentResponse, publicDocument } from "~/routes/_glue/publication-document.server";

// A publication's document at its stable address, /publications/<slug>.pdf: the same address
// after staff replace the PDF; 404 once the publication is hidden or deleted.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const download = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await publicDocument(slug) : null;
  return documentResponse(request, download, "public, no-cache");
}
