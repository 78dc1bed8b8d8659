import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ResponsiveImage } from "~/utils/images";
import { ResponsivePicture } from "./responsive-picture";

// The pieces of a page that is one long read (a news article, a newsletter's web version):
// the way back above it, the photo under its heading and the Markdown text.

/** "← Back to …" above the page's date and heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="link inline-flex items-center gap-1">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}

/** The photo under the heading, the column's full width. */
export function LeadPicture({ image }: { image: ResponsiveImage }) {
  return (
    <ResponsivePicture
      image={image}
      sizes="(min-width: 48rem) 48rem, 100vw"
      width={1200}
      className="mt-8 w-full rounded-lg"
    />
  );
}

/** Markdown rendered on the server with raw HTML off (app/infra/markdown.server.ts). */
export function MarkdownText({ html }: { html: string }) {
  return (
    <div
      className="article-text mt-8 text-lg leading-relaxed break-words text-slate-800 dark:text-slate-200"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
