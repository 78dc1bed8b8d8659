import type { ReactNode } from "react";
import { SubTabs } from "~/components/sub-tabs";

const projectTabs = [
  { label: "All Projects", to: "/projects" },
  { label: "Recent Projects", to: "/projects/recent" },
] as const;

/** The Projects section's frame (its tabs above the page): the public layout and the staff preview. */
export function ProjectsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container-page py-10">
      <SubTabs label="Projects" tabs={projectTabs} />
      <div className="pt-10">{children}</div>
    </div>
  );
}
