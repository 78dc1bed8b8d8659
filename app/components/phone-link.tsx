import { dialHref, phoneText } from "~/utils/phone-numbers";

/** A phone number someone gave, as a `tel:` link that does not wrap; `none` when they gave none. */
export function PhoneLink({ number, none }: { number: string | null | undefined; none: string }) {
  if (!number) return <>{none}</>;
  return (
    <a href={dialHref(number)} className="link">
      {phoneText(number)}
    </a>
  );
}
