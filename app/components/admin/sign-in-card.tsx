import type { ReactNode } from "react";

/** The card the signed-out staff pages stand in: sign-in, its code, a forgotten password, a link from an e-mail. */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        {children}
      </div>
    </section>
  );
}
