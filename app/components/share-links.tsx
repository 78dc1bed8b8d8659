import { HeadedSection } from "~/components/ui/headed-section";
import { newsCopy } from "~/content/news";
import type { ShareLink } from "~/utils/share-links";

const X_ICON =
  "M18.9 2H22l-6.8 7.8L23.2 22h-6.3l-4.9-6.4L6.4 22H3.3l7.3-8.3L2.9 2h6.4l4.4 5.9L18.9 2zm-1.1 18h1.7L8.3 3.9H6.5L17.8 20z";

const icons: Record<ShareLink["network"], string> = {
  Twitter: X_ICON,
  X: X_ICON,
  Email:
    "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.2 7l6.8 4.5L18.8 7H5.2z",
  WhatsApp:
    "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z",
  Facebook:
    "M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.9.3-1.6 1.6-1.6h1.7V4.1c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.3v3.2h2.8V22h3.4z",
  LinkedIn:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3V9.75zM9.5 9.75h3.8v1.55h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.95c0-1.18-.02-2.7-1.65-2.7-1.65 0-1.9 1.29-1.9 2.61V21h-4V9.75z",
};

/** How a link reads: "Share on Facebook", "Share by e-mail". */
const linkWords = (network: ShareLink["network"]) => (network === "Email" ? "Share by e-mail" : `Share on ${network}`);

/** Share-intent links, built on the server so they work without JavaScript. */
export function ShareLinks({ links, heading = newsCopy.shareHeading }: { links: ShareLink[]; heading?: string }) {
  return (
    <HeadedSection
      id="share-heading"
      heading={heading}
      className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-700"
      headingClassName="text-lg font-semibold"
    >
      <ul className="mt-3 flex flex-wrap gap-3">
        {links.map((link) => {
          // An e-mail opens the visitor's mail program, not a new tab.
          const newTab = link.network !== "Email";
          return (
            <li key={link.network}>
              <a
                href={link.href}
                {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="btn-secondary"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
                  <path d={icons[link.network]} />
                </svg>
                <span>
                  {linkWords(link.network)}
                  {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
