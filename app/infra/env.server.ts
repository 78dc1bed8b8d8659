import path from "node:path";
import { z } from "zod";
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from "~/schemas/retention";

/** Raised at start-up when the environment cannot be used; its message is for the operator. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

// An empty variable (`FOO=`) means "not set", as operators expect from .env files.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const logLevelSchema = optional(z.enum(LOG_LEVELS).optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"]).default("development")),
  PORT: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
  ),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(file:.+|postgres(ql)?:\/\/.+)/,
        'must be "file:" followed by a path (e.g. file:db/data/charity.sqlite) or a postgres:// URL',
      )
      .default("file:db/data/charity.sqlite"),
  ),
  SESSION_SECRET: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((s) => s.length >= 16), "each secret must be at least 16 characters")
      .optional(),
  ),
  ADMIN_USERNAME: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(64, "must be at most 64 characters")
      .regex(/^[A-Za-z0-9._@-]+$/, "may contain only letters, digits and . _ @ -")
      .default("admin"),
  ),
  ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters").max(256).optional()),
  TRUST_PROXY: optional(
    z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("false")
      .transform((v) => v === "true"),
  ),
  PUBLIC_FORM_LIMIT_PER_MINUTE: optional(
    z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(5),
  ),
  PUBLIC_FORM_LIMIT_PER_HOUR: optional(
    z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(30),
  ),
  LOG_LEVEL: logLevelSchema,
  BACKUP: optional(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on")),
  BACKUP_URL: optional(
    z
      .string()
      .trim()
      .refine(
        (v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(file|s3|gcs|abs|sftp):\/\/./i.test(v),
        "must be a folder path, file:///path, or an s3://, gcs://, abs:// or sftp:// URL",
      )
      .optional(),
  ),
  BACKUP_MAX_AGE_SECONDS: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(10, "must be at least 10")
      .default(300),
  ),
  /** PostgreSQL only: connections each instance keeps open. */
  DATABASE_POOL_SIZE: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 100")
      .max(100, "must be between 1 and 100")
      .default(10),
  ),
  UPLOADS_DIR: optional(z.string().optional()),
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/i, "must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.org:465")
      .optional(),
  ),
  MAIL_FROM: optional(z.string().trim().min(3).max(320).default("Community Health Aid UK <no-reply@localhost>")),
  STAFF_EMAIL: optional(z.email({ error: "must be an e-mail address" }).optional()),
  STAFF_ALERT_INCLUDE_MESSAGE: optional(
    z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("false")
      .transform((v) => v === "true"),
  ),
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://www.example.org" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  MAIL_TIMEOUT_SECONDS: optional(
    z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).max(600).default(30),
  ),
  /** Messages the outbox sender may try per minute, across every instance (a provider's limit). */
  MAIL_MAX_PER_MINUTE: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 100000")
      .max(100_000, "must be between 1 and 100000")
      .default(60),
  ),
  /** Enquiries older than this are deleted automatically; the privacy page states the same period. */
  SHARED_CACHE_SECONDS: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number of seconds")
      .min(1, "must be between 1 and 3600 seconds")
      .max(3600, "must be between 1 and 3600 seconds")
      .default(60),
  ),
  /**
   * Checkout Sessions made per second at most, across every instance (the background queue's
   * shared pace; Stripe allows about 25 a second by default). A donor's own request tries at
   * once only while this instance's share of it has room.
   */
  STRIPE_CHECKOUT_PER_SECOND: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 1000")
      .max(1000, "must be between 1 and 1000")
      .default(20),
  ),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
        "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)",
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9_]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_API_URL: optional(
    z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. http://127.0.0.1:12111" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  /** HMRC's Charities Online gateway (Transaction Engine) submission address, or a test one. */
  HMRC_GATEWAY_URL: optional(
    z
      .url({
        protocol: /^https?$/,
        error: "must be an absolute http(s) URL, e.g. https://transaction-engine.tax.service.gov.uk/submission",
      })
      .optional(),
  ),
  HMRC_SENDER_ID: optional(z.string().trim().min(1).max(64, "must be at most 64 characters").optional()),
  HMRC_PASSWORD: optional(z.string().min(1).max(256, "must be at most 256 characters").optional()),
  HMRC_CHARITY_REF: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, "must be HMRC's charity reference (letters and digits, like AB12345)")
      .optional(),
  ),
  HMRC_VENDOR_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, "must be the 4-digit vendor id HMRC gave the software")
      .optional(),
  ),
  HMRC_GATEWAY_TEST: optional(z.enum(["0", "1"], { error: 'must be "1" (test messages) or "0"' }).optional()),
  /** How long one call to HMRC's gateway may take (connect, send, answer), in seconds. */
  HMRC_GATEWAY_TIMEOUT_SECONDS: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number of seconds")
      .min(1, "must be between 1 and 300 seconds")
      .max(300, "must be between 1 and 300 seconds")
      .default(30),
  ),
  ENQUIRY_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number of days")
      .min(1, "must be between 1 and 3650 days")
      .max(3650, "must be between 1 and 3650 days")
      .default(DEFAULT_ENQUIRY_RETENTION_DAYS),
  ),
});

const HMRC_REQUIRED = [
  "HMRC_GATEWAY_URL",
  "HMRC_SENDER_ID",
  "HMRC_PASSWORD",
  "HMRC_CHARITY_REF",
  "HMRC_VENDOR_ID",
] as const;

// Half a Stripe set-up would take card gifts it can never confirm (or the reverse): both or neither.
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    const missing = env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: "card gifts need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither, for bank transfers only)",
    });
  }
  // Half an HMRC set-up would offer "Submit to HMRC" and fail at the gateway: all or none.
  const hmrcSet = HMRC_REQUIRED.filter((key) => Boolean(env[key]));
  if (hmrcSet.length > 0 && hmrcSet.length < HMRC_REQUIRED.length) {
    for (const key of HMRC_REQUIRED.filter((k) => !env[k])) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `Gift Aid claims to HMRC need all of ${HMRC_REQUIRED.join(", ")} (or none, to upload the schedule by hand)`,
      });
    }
  }
  if (env.HMRC_GATEWAY_TEST && hmrcSet.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["HMRC_GATEWAY_TEST"],
      message: "is used only with the other HMRC_ settings",
    });
  }
  if (env.STRIPE_API_URL && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_API_URL"], message: "is used only with STRIPE_SECRET_KEY" });
  }
});

/** Stripe Checkout's payment pages. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** Card gifts through Stripe Checkout, when both keys are set. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in API server (tests, stripe-mock); undefined for Stripe's own. */
  apiUrl: string | undefined;
  /**
   * Where Checkout's payment pages may live: the donate form's redirect goes there (CSP
   * form-action). Stripe's own; with a stand-in, its origin too (stripe-mock answers with
   * Stripe's own URLs, a hand-made stand-in with its own).
   */
  checkoutOrigins: string[];
}

/** Gift Aid claims sent straight to HMRC's Charities Online gateway, when every HMRC_ setting is there. */
export interface HmrcConfig {
  gatewayUrl: string;
  senderId: string;
  /** From the environment only: never stored in the database. */
  password: string;
  charityRef: string;
  vendorId: string;
  /** GatewayTest 1: HMRC checks the message and does not process it. */
  gatewayTest: boolean;
  /** The most one call to the gateway may take (HMRC_GATEWAY_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export type Env = z.infer<typeof envSchema> & {
  /** Which engine DATABASE_URL names: a SQLite file (the default) or a PostgreSQL server. */
  databaseEngine: "sqlite" | "postgres";
  /** The SQLite file's path; "" on PostgreSQL. */
  databasePath: string;
  /**
   * The folder for this installation's local files (generated session secret, backups, default
   * uploads): the SQLite file's folder, or db/data on PostgreSQL.
   */
  dataDir: string;
  /** Absolute folder of uploaded photos: UPLOADS_DIR, or `uploads` next to the database file. */
  uploadsDir: string;
  /** PUBLIC_URL without a trailing slash, or http://localhost:PORT. */
  publicUrl: string;
  /** Null when Stripe is not configured: the site takes bank transfers only. */
  stripe: StripeConfig | null;
  /** Null when HMRC is not configured: staff upload the schedule by hand. */
  hmrc: HmrcConfig | null;
};

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every setting.`);
  }
  const databaseEngine = result.data.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgres";
  const databasePath = databaseEngine === "sqlite" ? result.data.DATABASE_URL.slice("file:".length) : "";
  const dataDir = path.resolve(databaseEngine === "sqlite" ? path.dirname(databasePath) : "db/data");
  // Beside the database by default, so one folder holds everything to back up.
  const uploads = result.data.UPLOADS_DIR ?? path.join(dataDir, "uploads");
  return {
    ...result.data,
    databaseEngine,
    databasePath,
    dataDir,
    uploadsDir: path.resolve(uploads),
    publicUrl: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    stripe:
      result.data.STRIPE_SECRET_KEY && result.data.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: result.data.STRIPE_SECRET_KEY,
            webhookSecret: result.data.STRIPE_WEBHOOK_SECRET,
            apiUrl: result.data.STRIPE_API_URL,
            checkoutOrigins: result.data.STRIPE_API_URL
              ? [new URL(result.data.STRIPE_API_URL).origin, STRIPE_CHECKOUT_ORIGIN]
              : [STRIPE_CHECKOUT_ORIGIN],
          }
        : null,
    hmrc:
      result.data.HMRC_GATEWAY_URL &&
      result.data.HMRC_SENDER_ID &&
      result.data.HMRC_PASSWORD &&
      result.data.HMRC_CHARITY_REF &&
      result.data.HMRC_VENDOR_ID
        ? {
            gatewayUrl: result.data.HMRC_GATEWAY_URL,
            senderId: result.data.HMRC_SENDER_ID,
            password: result.data.HMRC_PASSWORD,
            charityRef: result.data.HMRC_CHARITY_REF.toUpperCase(),
            vendorId: result.data.HMRC_VENDOR_ID,
            gatewayTest: result.data.HMRC_GATEWAY_TEST === "1",
            timeoutMs: result.data.HMRC_GATEWAY_TIMEOUT_SECONDS * 1000,
          }
        : null,
  };
}

let cached: Env | undefined;

/** The environment, parsed once per process. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * The log level: LOG_LEVEL, else `silent` under Vitest (tests that check logging make their
 * own logger), else `info`. The logger reads it on its own so that a bad value elsewhere in
 * the environment cannot stop the log that reports it; a bad LOG_LEVEL falls back to `info`
 * here and is reported by getEnv() at start-up.
 */
export function readLogLevel(source: Record<string, string | undefined> = process.env): (typeof LOG_LEVELS)[number] {
  const parsed = logLevelSchema.safeParse(source.LOG_LEVEL);
  if (parsed.success && parsed.data) return parsed.data;
  return source.VITEST ? "silent" : "info";
}

/** scrypt's cost N for new password hashes: 2^15 (about 32 MiB and 90 ms a hash). */
export const PASSWORD_SCRYPT_N = 2 ** 15;
/**
 * The cheaper N that new hashes use under Vitest only, where about 740 hashes a pass (sign-ins of
 * every test that signs one in) cost over a minute of CPU at the real N. The parameters travel
 * with each hash, so verifying is the same code whatever N made it; tests/unit/password.test.ts
 * checks that a hash made at the real N still verifies, and that nothing else gets this one.
 */
export const VITEST_PASSWORD_SCRYPT_N = 2 ** 10;

/**
 * The scrypt N for new password hashes: the real one, except under Vitest (VITEST is set by Vitest
 * itself). A production server (NODE_ENV=production, as remix-serve sets it) never takes the cheap
 * one, whatever else its environment holds.
 */
export function passwordScryptN(source: Record<string, string | undefined> = process.env): number {
  return source.VITEST && source.NODE_ENV !== "production" ? VITEST_PASSWORD_SCRYPT_N : PASSWORD_SCRYPT_N;
}

/**
 * Whether NODE_ENV is exactly `mode` (unset is neither). Read on its own, like the log level, by
 * what is decided as a module loads (cookie flags, the development CSP), before getEnv() has
 * checked the rest. With getEnv(), readLogLevel() and passwordScryptN(), the only places
 * `process.env` is read in app/.
 */
export function nodeEnvIs(mode: "production" | "development"): boolean {
  return process.env.NODE_ENV === mode;
}

/** The resolved folder of uploaded photos (UPLOADS_DIR, default `uploads/` next to the database file). */
export function uploadsDir(): string {
  return getEnv().uploadsDir;
}
