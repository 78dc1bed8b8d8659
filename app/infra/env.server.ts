import { z } from "zod";
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from "~/content/legal";

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
      .regex(/^file:.+/, 'must be "file:" followed by a path, e.g. file:db/data/charity.sqlite')
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
  /** Enquiries older than this are deleted automatically; the privacy page states the same period. */
  ENQUIRY_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number of days")
      .min(1, "must be between 1 and 3650 days")
      .max(3650, "must be between 1 and 3650 days")
      .default(DEFAULT_ENQUIRY_RETENTION_DAYS),
  ),
});

export type Env = z.infer<typeof envSchema> & { databasePath: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every setting.`);
  }
  return { ...result.data, databasePath: result.data.DATABASE_URL.slice("file:".length) };
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
export function readLogLevel(source: Record<string, string | undefined>): (typeof LOG_LEVELS)[number] {
  const parsed = logLevelSchema.safeParse(source.LOG_LEVEL);
  if (parsed.success && parsed.data) return parsed.data;
  return source.VITEST ? "silent" : "info";
}
