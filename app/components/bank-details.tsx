import { bankDetails } from "~/content/site";

const rows = [
  { label: "Account name", value: bankDetails.accountName },
  { label: "Sort code", value: bankDetails.sortCode },
  { label: "Account number", value: bankDetails.accountNumber },
  { label: "IBAN", value: bankDetails.iban },
] as const;

/** The charity's bank account for transfers, with an optional payment reference to quote. */
export function BankDetailsList({ reference }: { reference?: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-medium text-slate-800 dark:text-slate-200">{row.label}</dt>
          <dd className="font-mono text-slate-900 dark:text-slate-100">{row.value}</dd>
        </div>
      ))}
      {reference ? (
        <div className="contents">
          <dt className="font-medium text-slate-800 dark:text-slate-200">Reference</dt>
          <dd className="font-mono font-bold text-slate-900 dark:text-slate-100">{reference}</dd>
        </div>
      ) : null}
    </dl>
  );
}
