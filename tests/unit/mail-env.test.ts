import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/infra/env.server";

describe("mail settings", () => {
  it("defaults: no SMTP, a local sender, no staff address, alerts without the message, links on localhost:PORT", () => {
    const env = parseEnv({ PORT: "4000" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe("Community Health Aid UK <no-reply@localhost>");
    expect(env.STAFF_EMAIL).toBeUndefined();
    expect(env.STAFF_ALERT_INCLUDE_MESSAGE).toBe(false);
    expect(env.publicUrl).toBe("http://localhost:4000");
    expect(env.MAIL_TIMEOUT_SECONDS).toBe(30);
  });

  it("reads the settings and drops a trailing slash from PUBLIC_URL", () => {
    const env = parseEnv({
      SMTP_URL: "smtps://user:pass@smtp.example.org:465",
      STAFF_EMAIL: "staff@example.org",
      STAFF_ALERT_INCLUDE_MESSAGE: "true",
      PUBLIC_URL: "https://www.example.org/",
    });
    expect(env.SMTP_URL).toBe("smtps://user:pass@smtp.example.org:465");
    expect(env.STAFF_ALERT_INCLUDE_MESSAGE).toBe(true);
    expect(env.publicUrl).toBe("https://www.example.org");
  });

  it("names every bad mail setting", () => {
    expect(() =>
      parseEnv({
        SMTP_URL: "http://mail",
        STAFF_EMAIL: "nobody",
        STAFF_ALERT_INCLUDE_MESSAGE: "yes",
        PUBLIC_URL: "ftp://x",
        MAIL_TIMEOUT_SECONDS: "0",
      }),
    ).toThrow(ConfigError);
    try {
      parseEnv({ SMTP_URL: "http://mail", STAFF_EMAIL: "nobody", PUBLIC_URL: "ftp://x" });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["SMTP_URL", "STAFF_EMAIL", "PUBLIC_URL"]) expect(message).toContain(name);
    }
  });
});

describe("MAIL_MAX_PER_MINUTE", () => {
  it("is 60 by default and reads a whole number", () => {
    expect(parseEnv({}).MAIL_MAX_PER_MINUTE).toBe(60);
    expect(parseEnv({ MAIL_MAX_PER_MINUTE: "" }).MAIL_MAX_PER_MINUTE).toBe(60);
    expect(parseEnv({ MAIL_MAX_PER_MINUTE: "250" }).MAIL_MAX_PER_MINUTE).toBe(250);
  });

  it("refuses nonsense with the variable's name", () => {
    for (const value of ["0", "-5", "1.5", "lots", "100001"]) {
      expect(() => parseEnv({ MAIL_MAX_PER_MINUTE: value })).toThrow(/MAIL_MAX_PER_MINUTE/);
    }
  });
});
