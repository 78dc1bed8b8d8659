import { apiError, apiJson, apiRoute, readJsonBody, summariseIssues, zodIssues } from "~/routes/_glue/api.server";
import { checkSignInCode, issueApiToken, LoginError, signIn } from "~/staff/index.server";
import { apiTwoStepMissing, hasTwoStep } from "~/staff/index.server";

// Every answer of the login call carries `success`, as its clients expect (docs/api.md).
const failure = { success: false };

const TWO_STEP_SETUP_NEEDED =
  "Two-step sign-in is required for the whole team: set it up in the staff area (Your account → Two-step sign-in) before signing in to the API";

function retryAfter(error: LoginError): Record<string, string> | undefined {
  return error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
}

const handle = apiRoute(
  {
    async POST({ request }) {
      const body = await readJsonBody(request, { extra: { ...failure, issues: {} } });
      let user;
      try {
        user = await signIn(body, { request, via: "api" });
      } catch (error) {
        if (!(error instanceof LoginError)) throw error;
        if (error.invalid) {
          const issues = zodIssues(error.invalid, body);
          return apiError(400, summariseIssues(issues), { ...failure, issues });
        }
        return apiError(error.status, error.message, failure, retryAfter(error));
      }
      // When the team requires two-step sign-in, nobody without it gets a token (nor a session);
      // the API's second step is a code, so a passkey alone is not enough here.
      if (await apiTwoStepMissing(user.id)) {
        return apiError(403, TWO_STEP_SETUP_NEEDED, { ...failure, two_step_setup_required: true });
      }
      // With a second factor on, the body also carries `code` (from the app, or a recovery code).
      if (await hasTwoStep(user.id)) {
        const code = typeof body === "object" && body && "code" in body ? (body as { code: unknown }).code : undefined;
        if (typeof code !== "string" || !code.trim()) {
          return apiError(401, "A code from your authenticator app is required", { ...failure, two_step: true });
        }
        try {
          await checkSignInCode(user, code.slice(0, 40), request);
        } catch (error) {
          if (!(error instanceof LoginError)) throw error;
          return apiError(error.status, error.message, { ...failure, two_step: true }, retryAfter(error));
        }
      }
      const token = await issueApiToken(user, request);
      return apiJson({ success: true, token, user: { id: user.id, username: user.username, role: user.role } });
    },
  },
  { errorExtra: failure },
);

export const loader = handle;
export const action = handle;
