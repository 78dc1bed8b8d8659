import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/utils/hydrated";
import { StrokeIcon } from "~/components/ui/icon";

export const THEME_FETCHER_KEY = "theme";

/** The theme being submitted right now, for an instant switch before the server answers. */
export function useOptimisticTheme(): "light" | "dark" | undefined {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const value = fetcher.formData?.get("theme");
  return value === "light" || value === "dark" ? value : undefined;
}

/**
 * A real form: without JavaScript it posts and the server redirects back with the cookie set;
 * with JavaScript a fetcher posts it and the page switches at once. Both buttons are rendered
 * and CSS shows the one that switches away from the theme in effect, which may come from
 * the operating system, something only the browser knows.
 */
export function ThemeToggle() {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const hydrated = useHydrated();
  const submitted = fetcher.formData?.get("theme");

  useEffect(() => {
    if (submitted === "light" || submitted === "dark") {
      try {
        window.localStorage.setItem("theme", submitted);
      } catch {
        // Storage can be unavailable (private mode, quota); the cookie is what counts.
      }
    }
  }, [submitted]);

  const buttonClass = "rounded-full p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <fetcher.Form method="post" action="/theme" className="flex">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <button
        type="submit"
        name="theme"
        value="dark"
        className={`${buttonClass} dark:hidden`}
        title="Switch to dark theme"
      >
        <span className="sr-only">Switch to dark theme</span>
        <StrokeIcon size={20}>
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </StrokeIcon>
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        className={`${buttonClass} hidden dark:inline-flex`}
        title="Switch to light theme"
      >
        <span className="sr-only">Switch to light theme</span>
        <StrokeIcon size={20}>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </StrokeIcon>
      </button>
    </fetcher.Form>
  );
}
