import { useLocation } from "@remix-run/react";
import { useId } from "react";
import { SEARCH_QUERY_MAX, searchBoxWords } from "~/content/search-box";
import { StrokeIcon } from "~/components/ui/icon";

/**
 * The header's search box (docs/search.md): a search landmark holding a labelled search field and
 * a button, a plain GET form to /search, so it works without JavaScript and adds no script of its
 * own. On /search it shows the query being answered. The caller sets its display (flex or hidden).
 */
export function SiteSearch({ className = "" }: { className?: string }) {
  const id = useId();
  const { pathname, search } = useLocation();
  const current = pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
  return (
    <form role="search" method="get" action="/search" className={`items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {searchBoxWords.fieldLabel}
      </label>
      <input
        // A new query on /search (a client-side navigation) shows in the field.
        key={current}
        id={id}
        type="search"
        name="q"
        defaultValue={current.slice(0, SEARCH_QUERY_MAX)}
        maxLength={SEARCH_QUERY_MAX}
        placeholder={searchBoxWords.placeholder}
        autoComplete="off"
        className="field-input mt-0 min-w-0 flex-1 py-1.5 text-sm"
      />
      <button type="submit" className="btn-secondary shrink-0 px-2.5 py-1.5">
        <StrokeIcon size={18}>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </StrokeIcon>
        <span className="sr-only">{searchBoxWords.button}</span>
      </button>
    </form>
  );
}
