import { apiError, apiJson, apiRoute, readJsonBody, summariseIssues, zodIssues } from "~/infra/api.server";
import { issueApiToken, signIn } from "~/services/auth.server";

// Every answer of the login call carries `success`, as its clients expect (docs/api.md).
const failure = { success: false };

const handle = apiRoute(
  {
    async POST({ request }) {
      const body = await readJsonBody(request, { extra: { ...failure, issues: {} } });
      const result = await signIn(body, { request, via: "api" });
      if (result.ok) {
        const token = await issueApiToken(result.user);
        return apiJson({ success: true, token, user: { id: result.user.id, username: result.user.username, role: result.user.role } });
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
