import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/components/legal-document";
import { termsOfUse } from "~/content/legal";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: termsOfUse.title, description: termsOfUse.description });

export default function Terms() {
  return <LegalDocument page={termsOfUse} />;
}
