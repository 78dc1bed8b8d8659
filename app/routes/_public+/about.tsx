import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { SubTabs } from "~/components/sub-tabs";
import { aboutTabs } from "~/content/about";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "About Us",
      description: `Who ${site.name} is, our team, our history and answers to common questions.`,
    },
    matches,
  );

export default function AboutLayout() {
  return (
    <div className="container-page py-10">
      <SubTabs label="About us" tabs={aboutTabs} />
      <div className="pt-10">
        <Outlet />
      </div>
    </div>
  );
}
