/**
 * The staff area's doors, which public pages link to (the footer's staff sign-in) and the
 * sign-in pages use. Apart from app/utils/admin-paths.ts (every staff address, the sections and
 * roles), so that the public pages' JavaScript does not carry the whole staff area's map.
 */
/** Everything under it is the staff area: never cached, never indexed. */
export const ADMIN_ROOT = "/admin";
export const LOGIN_PATH = "/admin/login";
export const FORGOT_PASSWORD_PATH = "/admin/forgot-password";
export const LOGOUT_PATH = "/admin/logout";
export const DASHBOARD_PATH = "/admin/dashboard";
/** A person's own account page, where the page that confirms a new e-mail address sends them. */
export const ACCOUNT_PATH = `${DASHBOARD_PATH}/account`;
