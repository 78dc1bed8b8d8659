// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/admin+/login.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { json, redirect } from "@remix-run/node";
export { authenticator, LoginError, parseLoginForm } from "~/staff/index.server";
export { requestLogger } from "~/infra/logger.server";
export { pageHeaders } from "../_glue/page-headers.server";
export { visitorForm } from "../_glue/action-guard.server";
export { completePasswordStep, createUserSession } from "../_glue/sign-in.server";
export { PasskeyError, passkeySignInOptions, verifyPasskeySignIn } from "~/staff/index.server";
export { getUser } from "~/staff/index.server";
