import { useCharity } from "./charity";

/** The charity's bank account for transfers, with an optional payment reference to quote. */
export function BankDetailsList({ reference }: { reference?: string }) {
  const charity = useCharity();
  const rows = [
    { label: "Account name", value: charity.accountName },
    { label: "Sort code", value: charity.sortCode },
    { label: "Account number", value: charity.accountNumber },
    { label: "IBAN", value: charity.iban },
  ];
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
