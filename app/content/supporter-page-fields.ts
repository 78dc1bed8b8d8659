// The words of the fields that the form starting a supporter's page and its owner's edit form
// share (app/components/supporter-page-fields.tsx): apart from start-page.ts and page-manage.ts,
// so that neither page's JavaScript carries the other page's words.

export const pageFieldsCopy = {
  tributeTargetHint: "You need not set one: leave it empty for a page without a target.",
  /** Shown when a refused form comes back without JavaScript: a browser never keeps a chosen file then. */
  fileNotKept: "If you chose a photo, please choose the file again: a form sent back cannot keep it.",
} as const;
