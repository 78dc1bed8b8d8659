// What every page's frame shows (the root route's loader data), read in one server module so
// that the root's browser script, part of every page, imports one empty stand-in instead of a
// shared chunk per server module.
import { getTheme } from "~/infra/theme.server";
import { publicOrigin } from "~/infra/public-url.server";
import { getCharitySettings } from "~/site/services/charity-settings.server";
import { footerLinks, mainNavigation, type FrameLink, type FrameLinks } from "~/content/navigation";
import { sisterChapterLinksOf, socialLinksOf } from "~/utils/charity-links";
import { charityRegister } from "~/utils/charity-text";

/**
 * The theme, the site's origin (share pictures), the charity's details (Settings) for the
 * header, footer and pages, and the frame's links: every page shows some, and a save clears the
 * rendered-page cache, so a cached page never shows old ones. The links reach the page as data,
 * not as code: the menu and footer lists stay out of the JavaScript every page loads. The project
 * links are the publishing domain's (projectFrameLinks), passed in by the root loader's glue.
 */
export async function pageFrame(request: Request, projects: { menu: FrameLink[]; footer: FrameLink[] }) {
  const charity = await getCharitySettings();
  const links: FrameLinks = {
    main: mainNavigation(projects.menu),
    footer: footerLinks(projects.footer),
    social: socialLinksOf(charity),
    chapters: sisterChapterLinksOf(charity),
    register: charityRegister(charity.charityNumber),
  };
  return { theme: getTheme(request), origin: publicOrigin(), charity, links };
}
