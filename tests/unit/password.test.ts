import { describe, expect, it } from "vitest";
import { passwordScryptN, PASSWORD_SCRYPT_N } from "~/infra/env.server";
import { hashPassword, verifyPassword } from "~/infra/password.server";

/** "correct horse battery staple" hashed at the real N (2^15), as the server stores it. */
const REAL_COST_HASH = "scrypt$32768$8$1$F--ADAFBGp_tbdgr4Cau2Q$zi8ON4Em0sEv4IZ-wfpYHcdAZnO0U8oaDLzDxN6yAJI";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    // Under Vitest new hashes take the cheap N; the parameters are in the hash.
    expect(hash.startsWith("scrypt$1024$8$1$")).toBe(true);
    await expect(verifyPassword("correct horse battery staple", hash)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapler", hash)).resolves.toBe(false);
  });

  it("makes new hashes at N=2^15 everywhere but under Vitest, and verifies a hash made at that cost", async () => {
    expect(PASSWORD_SCRYPT_N).toBe(32768);
    expect(passwordScryptN({})).toBe(32768);
    expect(passwordScryptN({ NODE_ENV: "production", LOG_LEVEL: "info" })).toBe(32768);
    expect(passwordScryptN({ NODE_ENV: "test" })).toBe(32768);
    expect(passwordScryptN({ VITEST: "true" })).toBe(1024);
    expect(passwordScryptN({ VITEST: "true", NODE_ENV: "test" })).toBe(1024);
    // A production server never hashes cheaply, even with VITEST set by mistake.
    expect(passwordScryptN({ VITEST: "true", NODE_ENV: "production" })).toBe(32768);
    await expect(verifyPassword("correct horse battery staple", REAL_COST_HASH)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapler", REAL_COST_HASH)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
    await expect(verifyPassword("x", "")).resolves.toBe(false);
  });
});
