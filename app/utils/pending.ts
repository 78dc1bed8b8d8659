import { useNavigation, type Navigation } from "@remix-run/react";

export interface PendingQuery {
  formAction?: string;
  formMethod?: "POST" | "GET";
  intent?: string;
  state?: "submitting" | "loading" | "non-idle";
}

/**
 * Whether a form submission is under way, for a busy button or spinner: from the moment the form
 * is sent until the page after it has loaded (`state: "submitting"` stops when the server has
 * answered). Narrow it to one form by its action's path (a query string is ignored), its method
 * (POST by default) or the value of its `intent` button. Without JavaScript nothing is pending.
 */
export function useIsPending(query: PendingQuery = {}): boolean {
  return isPending(useNavigation(), query);
}

/** useIsPending's rule for a given navigation state (a pure function, unit-tested). */
export function isPending(
  navigation: Pick<Navigation, "state" | "formMethod" | "formAction" | "formData">,
  { formAction, formMethod = "POST", intent, state = "non-idle" }: PendingQuery,
): boolean {
  if (navigation.state === "idle") return false;
  if (state !== "non-idle" && navigation.state !== state) return false;
  if (navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (formAction !== undefined && pathOf(navigation.formAction) !== formAction) return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  return true;
}

function pathOf(action: string | undefined): string {
  return new URL(action ?? "/", "http://site.invalid").pathname;
}
