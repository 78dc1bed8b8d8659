// Tags that run a test in one of the two projects only (playwright.config.ts), for checks that
// would judge the same thing twice: what differs with JavaScript stays in both, or in a
// *.js.spec.ts / *.nojs.spec.ts file.

/**
 * A test whose page and checks are the same with and without JavaScript: server-rendered
 * content with nothing clicked, status codes, headers, feeds. It runs once, without JavaScript.
 */
export const SERVER_ONLY_TAG = "@server-only";
export const SERVER_ONLY = { tag: SERVER_ONLY_TAG };

/**
 * An axe scan of pages that are only opened, or reached through a form whose answer is a redirect
 * (the page after it is opened like any other): their server markup is the markup the hydrated
 * scan judges, so it runs once, with JavaScript. A scan of a form's own answer (its errors, a step
 * drawn from the post) differs without JavaScript and stays in both projects.
 */
export const HYDRATED_ONLY_TAG = "@hydrated-only";
export const HYDRATED_ONLY = { tag: HYDRATED_ONLY_TAG };
