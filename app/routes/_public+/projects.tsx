import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ProjectsFrame } from "~/components/projects-frame";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Our Projects", description: `The projects ${site.name} supports.` }, matches);

export default function ProjectsLayout() {
  return (
    <ProjectsFrame>
      <Outlet />
    </ProjectsFrame>
  );
}
