import { Fragment } from "react";
import { mailtoHref, site } from "~/content/site";

/** Plain content text in which the charity's e-mail address becomes a mailto: link. */
export function EmailText({ text }: { text: string }) {
  const parts = text.split(site.email);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <a href={mailtoHref()} className="link">
              {site.email}
            </a>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
