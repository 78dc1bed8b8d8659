import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/components/legal-document";
import { privacyPolicy } from "~/content/legal";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: privacyPolicy.title, description: privacyPolicy.description });

export default function Privacy() {
  return <LegalDocument page={privacyPolicy} />;
}
