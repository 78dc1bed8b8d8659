import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/components/legal-document";
import { termsOfUse } from "~/content/legal";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: termsOfUse.title, description: termsOfUse.description }, matches);

export default function Terms() {
  return <LegalDocument page={termsOfUse} />;
}
