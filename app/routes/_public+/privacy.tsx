import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal-document";
import { privacyPolicy, privacyPolicyFor } from "~/content/legal";
import { getEnv } from "~/infra/env.server";
import { processorsOf } from "~/site/index.server";
import { publicSitePage } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: privacyPolicy.title, description: privacyPolicy.description }, matches);

// The enquiry retention period is the one housekeeping enforces (ENQUIRY_RETENTION_DAYS,
// default DEFAULT_ENQUIRY_RETENTION_DAYS), so the page never promises a period the server
// does not keep. It is fixed for the life of the process, so the page stays cacheable.
// The services that receive personal data are the ones this installation is configured with.
export async function loader() {
  // Its introduction is the page's live revision (staff edit it: docs/site-editor.md).
  const { fields } = await publicSitePage("privacy");
  return json({
    enquiryRetentionDays: getEnv().ENQUIRY_RETENTION_DAYS,
    processors: processorsOf(),
    intro: fields.intro,
  });
}

export default function Privacy() {
  const { enquiryRetentionDays, processors, intro } = useLoaderData<typeof loader>();
  return <LegalDocument page={{ ...privacyPolicyFor(enquiryRetentionDays, processors), intro }} />;
}
