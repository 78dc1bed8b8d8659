import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { SubTabs } from "~/components/sub-tabs";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

const projectTabs = [
  { label: "All Projects", to: "/projects" },
  { label: "Recent Projects", to: "/projects/recent" },
] as const;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Our Projects", description: `The projects ${site.name} supports.` }, matches);

export default function ProjectsLayout() {
  return (
    <div className="container-page py-10">
      <SubTabs label="Projects" tabs={projectTabs} />
      <div className="pt-10">
        <Outlet />
      </div>
    </div>
  );
}
