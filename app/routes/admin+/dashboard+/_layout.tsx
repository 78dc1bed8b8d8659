import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { StaffNav } from "~/components/admin/staff-nav";
import { ChevronDownIcon } from "~/components/ui/icon";
import { useSteadySubmitButtons } from "~/components/admin/steady-submit";
import { useCharity } from "~/components/charity";
import { ErrorPage } from "~/components/error-page";
import { ThemeToggle } from "~/components/theme-toggle";
import { Spinner } from "~/components/ui/spinner";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import { adminPaths, roleLabels, sectionOf, sectionsFor } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { ANY_ROLE } from "~/staff/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

// The staff area's own layout: a top bar (who is signed in, the public site, theme, Sign out)
// and the sections in a sidebar, a <details> menu on a phone. The root layout sees this
// route's handle and leaves out the public site's navigation and footer.

export const handle = { staffArea: true };

export const meta: MetaFunction = () =>
  pageMeta({ title: "Staff area", description: `Staff area of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ANY_ROLE);
  return json({ username: user.username, role: user.role, hasEmail: Boolean(user.email) });
}

function TopBar({ children, heading = true }: { children?: React.ReactNode; heading?: boolean }) {
  const Title = heading ? "h1" : "p";
  const charity = useCharity();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 lg:px-6">
        <div className="min-w-0">
          <Link to={adminPaths.dashboard} className="font-bold text-brand-800 hover:underline dark:text-brand-200">
            <span className="sm:hidden">{charity.shortName}</span>
            <span className="hidden sm:inline">{charity.name}</span>
          </Link>
          <Title className="text-sm font-semibold text-slate-700 dark:text-slate-300">Staff area</Title>
        </div>
        {children}
      </div>
    </header>
  );
}

export default function StaffArea() {
  const data = useLoaderData<typeof loader>();
  const { role } = data;
  const location = useLocation();
  const navigation = useNavigation();
  // One click on a staff form's submit button sends it, even when the field it leaves has an error.
  useSteadySubmitButtons();
  // Switching sections loads the other section's data; say so instead of showing the old one.
  const switchingSection =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    sectionOf(navigation.location.pathname) !== sectionOf(location.pathname);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <TopBar>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Signed in as <strong>{data.username}</strong>
            <span className="hidden text-slate-700 sm:inline dark:text-slate-300"> ({roleLabels[role]})</span>
          </p>
          {/* On a phone the account's controls fold into a <details> (no script needed), so the
              page (the door's check-in above all) starts near the top of a 390 px screen. */}
          <details key={location.pathname} className="group sm:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-1 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              Account
              <ChevronDownIcon size={14} className="transition-transform group-open:rotate-180" />
            </summary>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
              <AccountControls />
            </div>
          </details>
          <div className="hidden sm:contents">
            <AccountControls />
          </div>
        </div>
      </TopBar>
      <div className="flex-1 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="border-slate-200 bg-white lg:border-r lg:px-3 lg:py-6 dark:border-slate-700 dark:bg-slate-900">
          <StaffNav sections={sectionsFor(role)} />
          <PublicSiteLink className="hidden px-3 pt-6 text-sm lg:block" />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none lg:px-8 lg:py-8">
          {data.hasEmail ? null : (
            <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {staffAccountPages.emailPrompt}{" "}
              <Link to={`${adminPaths.account}#own-details-heading`} className="link font-semibold">
                {staffAccountPages.emailPromptLink}
              </Link>
            </p>
          )}
          {switchingSection ? <Spinner /> : <Outlet />}
          <PublicSiteLink className="mt-12 border-t border-slate-200 pt-4 text-sm lg:hidden dark:border-slate-700" />
        </main>
      </div>
    </div>
  );
}

/** The signed-in person's account, the theme and Sign out. */
function AccountControls() {
  return (
    <>
      <Link to={adminPaths.account} className="link text-sm">
        Your account
      </Link>
      <ThemeToggle />
      <Form method="post" action={adminPaths.logout}>
        <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
          Sign out
        </button>
      </Form>
    </>
  );
}

/** A failure of the staff area itself: its error, inside a plain staff frame (no public chrome). */
export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar heading={false}>
        <Link to="/" className="link text-sm">
          View the public site
        </Link>
      </TopBar>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorPage error={useRouteError()} />
      </main>
    </div>
  );
}

/** The way back to the public site: under the sidebar on wide screens, under the page on a phone. */
function PublicSiteLink({ className }: { className: string }) {
  return (
    <p className={className}>
      <Link to="/" className="link">
        View the public site
      </Link>
    </p>
  );
}
