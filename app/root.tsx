import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, pageFrame } from "~/routes/_glue/root.server";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "~/components/error-page";
import { Footer } from "~/components/footer";
import { Navbar } from "~/components/navbar";
import { NewsNavigationPending } from "~/components/news-pending";
import { useNonce } from "~/components/nonce";
import { useCharity } from "~/components/charity";
import { useOptimisticTheme } from "~/components/theme-toggle";
import { site } from "~/content/site";
import stylesheet from "~/tailwind.css";
import { cleanPath } from "~/utils/invisible-characters";
import { charityText } from "~/utils/charity-text";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clean = cleanPath(url.pathname);
  if (clean !== null) throw redirect(clean + url.search, 301);
  return json(await pageFrame(request));
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const name = data?.charity.name ?? site.name;
  return [{ title: error ? `Unexpected Application Error! | ${name}` : name }];
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const optimistic = useOptimisticTheme();
  const nonce = useNonce();
  const theme = optimistic ?? data?.theme ?? undefined;
  const staffArea = useMatches().some((match) => (match.handle as { staffArea?: boolean } | undefined)?.staffArea);

  return (
    <html lang="en-GB" className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? <DefaultShareImage origin={data.origin} /> : null}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        {staffArea ? (
          // The staff area draws its own frame (app/routes/admin+/dashboard+/_layout.tsx).
          children
        ) : (
          <>
            <Navbar items={data?.links.main} />
            <NewsNavigationPending />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <Footer links={data?.links} />
          </>
        )}
        {/* Shareable pages have no nonce: their inline scripts are allowed by hash instead. */}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

/**
 * The site's picture for share previews, on every page that does not set its own (an
 * article sets its photo, or this same picture, in its meta with `handle.ownShareImage`).
 * Social networks need an absolute URL, hence the origin from the root loader.
 */
function DefaultShareImage({ origin }: { origin: string }) {
  const matches = useMatches();
  const charity = useCharity();
  const leaf = matches[matches.length - 1];
  if ((leaf?.handle as { ownShareImage?: boolean } | undefined)?.ownShareImage && leaf?.data) return null;
  const url = `${origin}${site.shareImage.path}`;
  const alt = charityText(site.shareImage.alt, charity);
  return (
    <>
      <meta property="og:image" content={url} />
      <meta property="og:image:width" content={String(site.shareImage.width)} />
      <meta property="og:image:height" content={String(site.shareImage.height)} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:image" content={url} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
