import { useRouteLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { charityDefaults } from "~/content/site";
import type { CharitySettings } from "~/utils/charity-settings";
import { charityTextParts } from "~/utils/charity-text";

/**
 * The charity's own details as an admin set them in Settings, from the root loader (every page
 * has them). Only when the root loader has no data (its own error page) are the defaults shown.
 */
export function useCharity(): CharitySettings {
  const data = useRouteLoaderData("root") as { charity?: CharitySettings } | undefined;
  return data?.charity ?? charityDefaults;
}

/**
 * Static wording from app/content/ showing the charity's current details (see
 * app/utils/charity-text.ts), the e-mail address as a mailto: link.
 */
export function CharityText({ text }: { text: string }) {
  const charity = useCharity();
  return (
    <>
      {charityTextParts(text, charity).map((part, i) => (
        <Fragment key={i}>
          {"email" in part ? (
            <a href={`mailto:${part.email}`} className="link">
              {part.email}
            </a>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </>
  );
}
