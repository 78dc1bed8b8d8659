import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/routes/_imports/admin-layout.server";
import { Outlet } from "@remix-run/react";
import { ADMIN_ROOT, DASHBOARD_PATH } from "~/utils/staff-entry-paths";

// Staff pages show private data: never keep them in a shared or back-button cache. Child
// routes without their own `headers` inherit these.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (pathname === ADMIN_ROOT || pathname === `${ADMIN_ROOT}/`) throw redirect(DASHBOARD_PATH);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
