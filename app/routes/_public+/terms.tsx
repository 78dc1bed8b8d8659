import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/components/legal-document";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { termsOfUse, termsOfUseFor } from "~/content/legal";
import { processorsOf } from "~/site/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: termsOfUse.title, description: termsOfUse.description }, matches);

/** How a gift is paid depends on whether card gifts are configured. */
export async function loader() {
  return json({ processors: processorsOf() });
}

export default function Terms() {
  const { processors } = useLoaderData<typeof loader>();
  return <LegalDocument page={termsOfUseFor(processors)} />;
}
