import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { DashboardTabs } from "~/components/admin/dashboard-tabs";
import { Spinner } from "~/components/ui/spinner";
import { site } from "~/content/site";
import { adminPaths, sectionOf } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { requireAdmin } from "~/services/session.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Admin Dashboard", description: `Staff dashboard of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return json({ username: user.username });
}

export default function AdminDashboard() {
  const { username } = useLoaderData<typeof loader>();
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
          <p className="mt-1 text-slate-700 dark:text-slate-300">Welcome, {username}</p>
        </div>
        <Form method="post" action={adminPaths.logout}>
          <button type="submit" className="btn-secondary">
            Logout
          </button>
        </Form>
      </div>
      <DashboardTabs />
      <div className="mt-8">{switchingTab ? <Spinner /> : <Outlet />}</div>
    </section>
  );
}
