import { apiError, apiJson, apiRoute, readJsonBody, summariseIssues, zodIssues } from "~/routes/_glue/api.server";
import { checkSignInCode, issueApiToken, signIn } from "~/services/auth.server";
import { hasTwoStep, twoStepMissing } from "~/services/two-step.server";

// Every answer of the login call carries `success`, as its clients expect (docs/api.md).
const failure = { success: false };

const TWO_STEP_SETUP_NEEDED =
  "Two-step sign-in is required for the whole team: set it up in the staff area (Your account → Two-step sign-in) before signing in to the API";

const handle = apiRoute(
  {
    async POST({ request }) {
      const body = await readJsonBody(request, { extra: { ...failure, issues: {} } });
      const result = await signIn(body, { request, via: "api" });
      if (result.ok) {
        // When the team requires two-step sign-in, nobody without it gets a token (nor a session).
        if (await twoStepMissing(result.user.id)) {
          return apiError(403, TWO_STEP_SETUP_NEEDED, { ...failure, two_step_setup_required: true });
        }
        // With a second factor on, the body also carries `code` (from the app, or a recovery code).
        if (await hasTwoStep(result.user.id)) {
          const code =
            typeof body === "object" && body && "code" in body ? (body as { code: unknown }).code : undefined;
          if (typeof code !== "string" || !code.trim()) {
            return apiError(401, "A code from your authenticator app is required", { ...failure, two_step: true });
          }
          const check = await checkSignInCode(result.user, code.slice(0, 40), request);
          if (!check.ok) {
            const headers = check.retryAfterSeconds ? { "Retry-After": String(check.retryAfterSeconds) } : undefined;
            return apiError(check.status, check.message, { ...failure, two_step: true }, headers);
          }
        }
        const token = await issueApiToken(result.user, request);
        return apiJson({
          success: true,
          token,
          user: { id: result.user.id, username: result.user.username, role: result.user.role },
        });
      }
      switch (result.status) {
        case 400: {
          const issues = zodIssues(result.error, body);
          return apiError(400, summariseIssues(issues), { ...failure, issues });
        }
        case 429:
          return apiError(429, result.message, failure, { "Retry-After": String(result.retryAfterSeconds) });
        default:
          return apiError(401, result.message, failure);
      }
    },
  },
  { errorExtra: failure },
);

export const loader = handle;
export const action = handle;
