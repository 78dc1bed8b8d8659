import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog over the page, rendered by a nested route. The server sends the complete markup,
 * so it works without JavaScript (Close is a real link back). With JavaScript, focus moves
 * into it and stays there, Escape closes it, the page behind stops scrolling and focus goes
 * back where it was when it closes.
 */
export function Modal({
  title,
  children,
  closeTo,
  role = "dialog",
  descriptionId,
}: {
  title: string;
  children: ReactNode;
  closeTo: string;
  role?: "dialog" | "alertdialog";
  descriptionId?: string;
}) {
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const close = useRef(() => navigate(closeTo));
  // The key handler below is bound once; it reads the latest target through this ref.
  useEffect(() => {
    close.current = () => navigate(closeTo);
  }, [navigate, closeTo]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusable = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    // The first field of a form, otherwise the dialog itself (so its heading is read first).
    const firstField = panel.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
    (firstField ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
      } else if (event.key === "Tab") {
        const items = focusable();
        if (items.length === 0) return event.preventDefault();
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // Centred with auto margins, not align-items: a dialog taller than the window then starts
    // at its top (Close reachable) instead of overflowing above it.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/60 p-4">
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="my-8 w-full max-w-2xl rounded-lg sm:my-auto bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-xl font-bold">
            {title}
          </h2>
          <Link
            to={closeTo}
            className="rounded-md p-1 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
            </svg>
            <span className="sr-only">Close</span>
          </Link>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
