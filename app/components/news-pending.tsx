import { useNavigation } from "@remix-run/react";
import { newsLoading } from "~/content/news-loading";
import { Spinner } from "./ui/spinner";

/** Whether a client-side navigation to /news or an article is waiting for its loader. */
export function isNewsPath(pathname: string): boolean {
  return pathname === "/news" || pathname === "/news/" || /^\/news\/[^/]+\/?$/.test(pathname);
}

/**
 * The spec's news spinner. Pages render on the server with their data, so there is no wait
 * on a first visit; the wait a visitor can see is a client-side navigation to the list or an
 * article, from anywhere on the site. Rendered once, by the root layout.
 */
export function NewsNavigationPending() {
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && isNewsPath(navigation.location.pathname);
  if (!pending) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-24 z-40 flex justify-center px-4">
      <div className="rounded-lg border border-slate-200 bg-white px-6 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <Spinner label={newsLoading} />
      </div>
    </div>
  );
}
