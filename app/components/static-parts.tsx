import { Suspense, useEffect, useState, type ComponentType } from "react";
import { useHydrated } from "~/utils/hydrated";

// Parts of a page that only inform (text, panels, plain links and plain form fields: no state,
// no handlers) cost the page's first load no JavaScript: the server renders them, and the
// browser keeps that markup instead of hydrating it. Each part is a wrapper element (display:
// contents, so it does not change the layout); in the browser, while React hydrates the server's
// page, the wrapper is given an empty `dangerouslySetInnerHTML`: React hydrates the wrapper and
// leaves what is inside it alone (it neither compares nor removes inner HTML it was handed), and
// a later render with the same empty string changes nothing. Decided once per mount, so the
// markup stays for as long as the part is on screen, through every state or context change.
// (A Suspense boundary that never resolves would keep the markup too, but React 18 throws it away
// on the first context change above it, which Remix makes right after hydration.)
// A part drawn in the browser (a client-side navigation to the page) has no server markup:
// there the parts' module is loaded (`preload`, which the route's clientLoader awaits, so they
// appear with the page; not for a revalidation of a page already on screen).
// The server renders the parts from the route's server module, which the browser build empties.

/**
 * Markup the browser keeps from the server. `server` is the parts as the route's server module
 * exports them (undefined in the browser, where `.server` modules are empty); `load` imports the
 * same parts for a page drawn in the browser.
 */
export function staticParts<Parts extends Record<string, ComponentType>>(
  server: Parts | undefined,
  load: () => Promise<Parts>,
) {
  let parts = server;
  let loading: Promise<void> | undefined;
  /** How many parts are on screen. */
  let drawn = 0;
  const loadParts = () => (loading ??= load().then((loaded) => void (parts = loaded)));
  /** Loads the parts' module once, for a page about to be drawn in the browser. */
  const preload = async () => {
    if (drawn === 0) await loadParts();
  };

  function Drawn({ name }: { name: keyof Parts }) {
    const Part: ComponentType | undefined = parts?.[name];
    if (!Part) throw loadParts();
    return <Part />;
  }

  /** One part, by its name in the parts' module. */
  function StaticPart({ name }: { name: keyof Parts }) {
    const hydrated = useHydrated();
    const [kept] = useState(!hydrated && !server);
    useEffect(() => {
      drawn += 1;
      return () => void (drawn -= 1);
    }, []);
    return kept ? (
      <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
    ) : (
      <div className="contents">
        <Suspense fallback={null}>
          <Drawn name={name} />
        </Suspense>
      </div>
    );
  }

  return { StaticPart, preload };
}
