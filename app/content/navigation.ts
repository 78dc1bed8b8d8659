import { LOGIN_PATH } from "~/utils/staff-entry-paths";
import type { CharityRegister } from "~/utils/charity-text";

// The site's menu and footer lists. Read on the server only (app/site/services/page-frame.server.ts),
// they reach every page as the root loader's data (`links`), so the words are not in the
// JavaScript every page loads; a component that imports this module brings them back.

export interface NavItem {
  label: string;
  to: string;
  children?: { label: string; to: string }[];
}

/** A link of the menu or the footer. */
export interface FrameLink {
  label: string;
  to: string;
}

/**
 * The menu, with the project links staff chose for it (published projects ticked "In the menu",
 * from the database: app/publishing/services/projects.server.ts projectFrameLinks).
 */
export const mainNavigation = (projectLinks: FrameLink[]): NavItem[] => [
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
    children: projectLinks,
  },
  { label: "Get Involved", to: "/get-involved" },
  { label: "Publications", to: "/publications" },
  { label: "News", to: "/news" },
];

/** The footer's fixed lists; its project links come with them (footerLinks). */
const footerLists = {
  explore: [
    { label: "About Us", to: "/about" },
    { label: "News", to: "/news" },
    { label: "Newsletters", to: "/newsletters" },
    { label: "Get Involved", to: "/get-involved" },
    { label: "Events", to: "/events" },
    { label: "Your giving", to: "/giving" },
    { label: "Contact", to: "/contact" },
  ],
  legal: [
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms of Use", to: "/terms" },
    { label: "Staff Login", to: LOGIN_PATH },
  ],
  /** The original site's partnership forms led nowhere; kept as placeholders until they exist. */
  partnershipPlaceholders: ["Corporate Partnership Form", "Community Partnership Form"],
};

/** The footer's lists, with the project links staff chose for it (published projects ticked "In the footer"). */
export const footerLinks = (projectLinks: FrameLink[]) => ({ ...footerLists, projects: projectLinks });

/** What the root loader sends the navbar and the footer: these lists and the charity's links. */
export interface FrameLinks {
  main: NavItem[];
  footer: ReturnType<typeof footerLinks>;
  social: { label: string; href: string }[];
  chapters: { label: string; href: string }[];
  register: CharityRegister;
}
