import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/infra/env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:db/data/charity.sqlite");
    expect(env.databasePath).toBe("db/data/charity.sqlite");
    expect(env.ADMIN_USERNAME).toBe("admin");
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ PORT: "", SESSION_SECRET: " ", ADMIN_PASSWORD: "" });
    expect(env.PORT).toBe(3000);
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it("splits comma-separated session secrets for rotation", () => {
    const env = parseEnv({ SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" });
    expect(env.SESSION_SECRET).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
  });

  it("reports every bad setting at once, by name, with what is expected", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", ADMIN_PASSWORD: "123" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT: must be a number");
    expect(message).toContain('DATABASE_URL: must be "file:" followed by a path');
    expect(message).toContain("SESSION_SECRET: each secret must be at least 16 characters");
    expect(message).toContain("ADMIN_PASSWORD: must be at least 8 characters");
  });

  it("names the engine: a SQLite file beside its data, or PostgreSQL with db/data for local files", () => {
    const sqlite = parseEnv({ DATABASE_URL: "file:/srv/charity/charity.sqlite" });
    expect(sqlite).toMatchObject({
      databaseEngine: "sqlite",
      dataDir: "/srv/charity",
      uploadsDir: "/srv/charity/uploads",
    });
    for (const url of ["postgres://u:p@db:5432/charity", "postgresql://db/charity"]) {
      const env = parseEnv({ DATABASE_URL: url });
      expect(env).toMatchObject({ databaseEngine: "postgres", databasePath: "", dataDir: path.resolve("db/data") });
    }
  });

  it("checks the PostgreSQL pool size", () => {
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE: must be between 1 and 100/);
  });

  it("rejects out-of-range ports", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => parseEnv({ PORT: "80.5" })).toThrow(/PORT: must be a whole number/);
  });
});

describe("parseEnv: HMRC", () => {
  const all = {
    HMRC_GATEWAY_URL: "http://127.0.0.1:9/submission",
    HMRC_SENDER_ID: "sender",
    HMRC_PASSWORD: "secret",
    HMRC_CHARITY_REF: "ab12345",
    HMRC_VENDOR_ID: "1234",
  };

  it("is off without the settings, on with all of them", () => {
    expect(parseEnv({}).hmrc).toBeNull();
    expect(parseEnv({ ...all, HMRC_GATEWAY_TEST: "1" }).hmrc).toEqual({
      gatewayUrl: "http://127.0.0.1:9/submission",
      senderId: "sender",
      password: "secret",
      charityRef: "AB12345",
      vendorId: "1234",
      gatewayTest: true,
      timeoutMs: 30_000,
    });
    expect(parseEnv(all).hmrc?.gatewayTest).toBe(false);
    expect(parseEnv({ ...all, HMRC_GATEWAY_TIMEOUT_SECONDS: "5" }).hmrc?.timeoutMs).toBe(5000);
  });

  it("refuses to start with some but not all, naming each one missing", () => {
    const attempt = () => parseEnv({ ...all, HMRC_PASSWORD: "", HMRC_VENDOR_ID: undefined });
    expect(attempt).toThrow(/HMRC_PASSWORD: Gift Aid claims to HMRC need all of/);
    expect(attempt).toThrow(/HMRC_VENDOR_ID: Gift Aid claims to HMRC need all of/);
    expect(() => parseEnv({ HMRC_GATEWAY_TEST: "1" })).toThrow(/HMRC_GATEWAY_TEST: is used only with/);
    expect(() => parseEnv({ ...all, HMRC_VENDOR_ID: "12" })).toThrow(/HMRC_VENDOR_ID: must be the 4-digit vendor id/);
  });
});

describe("parseEnv: Stripe", () => {
  it("is off without the keys", () => {
    expect(parseEnv({}).stripe).toBeNull();
  });

  it("needs both keys, and says which is missing", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: card gifts need both/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(/STRIPE_SECRET_KEY: card gifts need both/);
    expect(() => parseEnv({ STRIPE_API_URL: "http://127.0.0.1:1" })).toThrow(/STRIPE_API_URL: is used only with/);
  });

  it("refuses values that are not Stripe keys", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret/,
    );
  });

  it("uses Stripe's own Checkout origin, or the stand-in's", () => {
    const live = parseEnv({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(live.stripe).toEqual({
      secretKey: "sk_live_abc",
      webhookSecret: "whsec_abc",
      apiUrl: undefined,
      checkoutOrigins: ["https://checkout.stripe.com"],
    });
    const test = parseEnv({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_URL: "http://127.0.0.1:12111/",
    });
    expect(test.stripe?.apiUrl).toBe("http://127.0.0.1:12111");
    expect(test.stripe?.checkoutOrigins).toEqual(["http://127.0.0.1:12111", "https://checkout.stripe.com"]);
  });
});
