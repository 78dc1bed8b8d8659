import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { NavItem } from "~/content/navigation";
import { ThemeToggle } from "./theme-toggle";
import { ChevronDownIcon, StrokeIcon } from "~/components/ui/icon";
import { useCharity } from "./charity";
import { SiteSearch } from "./site-search";

/** The bar changes appearance once the page has scrolled this far. */
export const SCROLL_THRESHOLD_PX = 50;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium lg:px-1.5 xl:px-3 hover:bg-slate-100 hover:text-brand-800 dark:hover:bg-slate-800 dark:hover:text-brand-200 ${
    isActive ? "text-brand-700 dark:text-brand-300" : "text-slate-800 dark:text-slate-200"
  }`;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * A top-level item with a submenu: a disclosure. Its links are shown only when asked (the chevron
 * button, aria-expanded) or under the mouse; closed, they are display:none, so Tab never passes
 * them. Escape, leaving it with Tab and navigating close it. Without JavaScript the button is not
 * shown (it could do nothing) and the item's own link leads to the section's page, which lists
 * the same pages, so nothing is out of reach.
 */
function DesktopMenuItem({ item }: { item: NavItem & { children: NonNullable<NavItem["children"]> } }) {
  const menuId = useId();
  const { pathname } = useLocation();
  // Remembers the page it was opened on, so navigating anywhere closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <li
      className="group relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        buttonRef.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="flex items-center">
        <NavLink to={item.to} className={linkClass}>
          {item.label}
        </NavLink>
        <button
          ref={buttonRef}
          type="button"
          className="flex h-8 w-8 items-center justify-center rounded-md text-slate-700 noscript:hidden hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <span className="sr-only">{`${item.label} submenu`}</span>
          <ChevronDownIcon size={14} />
        </button>
      </div>
      <div className={`absolute left-0 top-full z-50 pt-2 ${open ? "block" : "hidden"} group-hover:block`}>
        <ul
          id={menuId}
          className="min-w-60 rounded-md border border-slate-200 bg-white py-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {item.children.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                className={({ isActive }) =>
                  `block px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
                    isActive ? "font-semibold text-brand-700 dark:text-brand-300" : "text-slate-800 dark:text-slate-200"
                  }`
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** A <details> disclosure: opens and closes without JavaScript; closes itself after navigating. */
function MobileMenu({ items }: { items: NavItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  return (
    <details ref={ref} className="group/menu lg:hidden">
      <summary className="flex list-none items-center gap-1 rounded-md p-2 text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <StrokeIcon size={22}>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </StrokeIcon>
        <span className="sr-only text-sm font-medium min-[380px]:not-sr-only">Menu</span>
      </summary>
      {/* Its own name: the desktop bar is the "Main" navigation (one landmark name each). */}
      <nav
        aria-label="Main menu"
        className="absolute inset-x-0 top-full max-h-[80vh] overflow-y-auto border-t border-slate-200 bg-white pt-14 shadow-lg dark:border-slate-700 dark:bg-slate-950"
      >
        <ul className="container-page py-3">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={(state) => `block ${linkClass(state)}`}>
                {item.label}
              </NavLink>
              {item.children ? (
                <ul className="ml-4 border-l border-slate-200 pl-2 dark:border-slate-700">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <NavLink to={child.to} className={(state) => `block ${linkClass(state)}`}>
                        {child.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** The site's header; `items` is the menu from the root loader (none when that loader failed). */
export function Navbar({ items = [] }: { items?: NavItem[] }) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const charity = useCharity();
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`sticky top-0 z-40 border-b transition-[padding,box-shadow,background-color] duration-200 ${
        scrolled
          ? "border-slate-200 bg-white/95 py-1 shadow-md backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
          : "border-transparent bg-white py-3 dark:bg-slate-950"
      }`}
    >
      <div className="group/bar container-page relative flex items-center justify-between gap-2 sm:gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold text-brand-800 dark:text-brand-200">
          <img src="/logo.svg" alt="" width="36" height="36" />
          {/* The full name does not fit beside the buttons on a phone, nor beside the menu and search box;
              between 1024 and 1279 px even the short name does not, and the logo stands alone. */}
          <span className="hidden sm:inline lg:hidden">{charity.name}</span>
          <span className="whitespace-nowrap sm:hidden xl:inline" aria-hidden="true">
            {charity.shortName}
          </span>
          <span className="sr-only sm:hidden lg:inline">{charity.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) =>
              item.children ? (
                <DesktopMenuItem key={item.to} item={{ ...item, children: item.children }} />
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {/*
            One search box for every width (one field with its label on the page): beside the
            menu from 1024 px; on a phone it shows while the menu is open, at the top of it.
          */}
          <SiteSearch className="absolute inset-x-0 top-full z-50 hidden border-t border-slate-200 bg-white px-4 pt-3 pb-1 group-has-[details[open]]/bar:flex sm:px-6 lg:static lg:flex lg:w-36 lg:border-0 lg:bg-transparent lg:p-0 xl:w-44 dark:border-slate-700 dark:bg-slate-950 lg:dark:bg-transparent" />
          <Link to="/donate" className="btn-donate whitespace-nowrap px-3 sm:px-4">
            Donate Now
          </Link>
          <ThemeToggle />
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
