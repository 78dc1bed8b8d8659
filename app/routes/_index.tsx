import type { MetaFunction } from "@remix-run/node";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: site.name, description: `${site.name}: ${site.tagline}.` });

export default function Home() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-bold">Welcome to {site.name}</h1>
      <p className="mt-4 text-lg">{site.tagline}.</p>
    </section>
  );
}
