// /admin/dashboard itself: the news list (the parent layout) with no dialog open.
export default function NoDialog() {
  return null;
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
