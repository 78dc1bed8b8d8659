import { admitLoginAttempt, clearLoginFailures, throttleMessage } from "~/models/login-throttle.server";
import { createSession } from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { loginSchema } from "~/schemas/login";
import { apiError, apiJson, apiRoute, readJsonBody, summariseIssues, zodIssues } from "~/infra/api.server";
import { getDb } from "~/infra/db.server";
import { requestLogger } from "~/infra/logger.server";

// Every answer of the login call carries `success`, as its clients expect (SPEC §7).
const failure = { success: false };

const handle = apiRoute(
  {
    async POST({ request }) {
      const body = await readJsonBody(request, { extra: { ...failure, issues: {} } });
      const parsed = loginSchema.safeParse(body);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error, body);
        return apiError(400, summariseIssues(issues), { ...failure, issues });
      }
      const { username, password } = parsed.data;
      const db = getDb();

      const decision = await admitLoginAttempt(db, username);
      if (!decision.allowed) {
        return apiError(429, throttleMessage(decision.retryAfterSeconds), failure, {
          "Retry-After": String(decision.retryAfterSeconds),
        });
      }

      const user = await verifyLogin(db, username, password);
      if (!user) return apiError(401, "Invalid username or password", failure);

      await clearLoginFailures(db, username);
      // A fresh token at every login; earlier tokens stay valid until logout or expiry.
      const { token } = await createSession(db, user.id, "api");
      requestLogger(request, "routes/api.auth.login").info({ event: "auth.sign_in", user_id: user.id, via: "api" }, "Signed in to the API");
      return apiJson({ success: true, token, user: { id: user.id, username: user.username } });
    },
  },
  { errorExtra: failure },
);

export const loader = handle;
export const action = handle;
