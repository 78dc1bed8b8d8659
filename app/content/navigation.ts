import { LOGIN_PATH } from "~/utils/staff-entry-paths";
import type { CharityRegister } from "~/utils/charity-text";
import { getProject, projectCards, type Project } from "~/content/projects";

// The site's menu and footer lists. Read on the server only (app/site/services/page-frame.server.ts),
// they reach every page as the root loader's data (`links`), so the words are not in the
// JavaScript every page loads; a component that imports this module brings them back.

export interface NavItem {
  label: string;
  to: string;
  children?: { label: string; to: string }[];
}

/** A project's link, its words and address from content/projects.ts (their one home). */
const projectLink = (project: Project) => ({ label: project.title, to: `/projects/${project.slug}` });

function projectLinkOf(slug: string) {
  const project = getProject(slug);
  if (!project) throw new Error(`No project "${slug}" in content/projects.ts`);
  return projectLink(project);
}

export const mainNavigation: NavItem[] = [
  { label: "Home", to: "/" },
  {
    label: "About",
    to: "/about",
    children: [
      { label: "Contact Us", to: "/contact" },
      { label: "Our Team", to: "/about/team" },
      { label: "History", to: "/about/history" },
      { label: "FAQ", to: "/about/faq" },
    ],
  },
  {
    label: "Projects",
    to: "/projects",
    // The home page's project cards.
    children: projectCards.map(projectLink),
  },
  { label: "Get Involved", to: "/get-involved" },
  { label: "Events", to: "/events" },
  { label: "Publications", to: "/publications" },
  { label: "News", to: "/news" },
];

export const footerLinks = {
  explore: [
    { label: "About Us", to: "/about" },
    { label: "News", to: "/news" },
    { label: "Newsletters", to: "/newsletters" },
    { label: "Get Involved", to: "/get-involved" },
    { label: "Events", to: "/events" },
    { label: "Your giving", to: "/giving" },
    { label: "Contact", to: "/contact" },
  ],
  projects: ["palliative-care", "water-filtration", "gender-equality", "flood-relief"].map(projectLinkOf),
  legal: [
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms of Use", to: "/terms" },
    { label: "Staff Login", to: LOGIN_PATH },
  ],
  /** The original site's partnership forms led nowhere; kept as placeholders until they exist. */
  partnershipPlaceholders: ["Corporate Partnership Form", "Community Partnership Form"],
};

/** What the root loader sends the navbar and the footer: these lists and the charity's links. */
export interface FrameLinks {
  main: NavItem[];
  footer: typeof footerLinks;
  social: { label: string; href: string }[];
  chapters: { label: string; href: string }[];
  register: CharityRegister;
}
