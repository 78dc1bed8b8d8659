import { useFormAction, useMatches, useSubmit } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/utils/hydrated";

export function PasskeyButton<O extends { challenge: string }>({
  label,
  busyLabel,
  ceremony,
  fields = {},
  action,
  noScript,
  className = "btn-secondary",
  serverError,
}: {
  label: string;
  busyLabel: string;
  ceremony: (args: { optionsJSON: O }) => Promise<unknown>;
  fields?: Record<string, string>;
  action?: string;
  noScript: ReactNode;
  className?: string;
  /** The action's refusal of the last answer, shown under the button. */
  serverError?: string | null;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? "";
  const actionUrl = useFormAction(action);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setProblem(null);
    setBusy(true);
    try {
      // Fetched when pressed, like the WebAuthn library: the sign-in pages are on the public budget.
      const { fetchOptions } = await import("./passkey-options");
      const reply = await fetchOptions(actionUrl, routeId, fields);
      if ("passkeyError" in reply) {
        setProblem(reply.passkeyError);
        return;
      }
      let answer: unknown;
      try {
        answer = await ceremony({ optionsJSON: reply.passkeyOptions as O });
      } catch {
        setProblem("No passkey was used: it was cancelled, or this browser has no passkey for this site.");
        return;
      }
      submit(
        { ...fields, intent: "passkey", credential: JSON.stringify(answer) },
        { method: "post", action: actionUrl },
      );
    } catch {
      setProblem("The passkey could not be used. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (!hydrated) return <>{noScript}</>;
  const message = problem ?? (busy ? null : (serverError ?? null));
  return (
    <div>
      <button type="button" className={className} disabled={busy} onClick={() => void run()}>
        {busy ? busyLabel : label}
      </button>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
