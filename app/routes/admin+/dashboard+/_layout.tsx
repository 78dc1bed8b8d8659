import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { DashboardTabs } from "~/components/admin/dashboard-tabs";
import { Spinner } from "~/components/ui/spinner";
import { site } from "~/content/site";
import { adminPaths, roleLabels, sectionOf } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { ANY_ROLE, requireRole } from "~/services/session.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Admin Dashboard", description: `Staff dashboard of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ANY_ROLE);
  return json({ username: user.username, role: user.role });
}

/**
 * A refused request inside the staff area (403: another role's section; 404: a missing
 * record) is shown here, with the tabs still there, instead of the site-wide error page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/admin+/dashboard+/_layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong. Please try again.";
  const heading = status === 403 ? "No access" : status === 404 ? "Not found" : "That request could not be answered";
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      {layout ? <DashboardTabs role={layout.role} /> : null}
      <div role="alert" className="mt-8">
        <h2 className="text-2xl font-semibold">{heading}</h2>
        <p className="mt-2 text-slate-800 dark:text-slate-200">{message}</p>
        <Link to={adminPaths.dashboard} className="btn-primary mt-6">
          Back to the overview
        </Link>
      </div>
    </section>
  );
}

export default function AdminDashboard() {
  const { username, role } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // Switching tabs loads the other tab's data; say so instead of showing the old tab.
  const switchingTab =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    sectionOf(navigation.location.pathname) !== sectionOf(location.pathname);

  return (
    <section className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Welcome, {username} ({roleLabels[role]})
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={adminPaths.account} className="btn-secondary">
            Your account
          </Link>
          <Form method="post" action={adminPaths.logout}>
            <button type="submit" className="btn-secondary">
              Logout
            </button>
          </Form>
        </div>
      </div>
      <DashboardTabs role={role} />
      <div className="mt-8">{switchingTab ? <Spinner /> : <Outlet />}</div>
    </section>
  );
}
