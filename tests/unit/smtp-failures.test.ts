import { describe, expect, it } from "vitest";
import { isAddressBounce, isPermanentFailure } from "~/mail/services/mail-sender.server";

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error("refused"), fields);

describe("SMTP refusals", () => {
  it("a 4xx or a network error is worth another try; a 5xx is not", () => {
    expect(isPermanentFailure(smtpError({ responseCode: 451, code: "EMESSAGE" }))).toBe(false);
    expect(isPermanentFailure(smtpError({ code: "ECONNREFUSED" }))).toBe(false);
    expect(isPermanentFailure(new Error("socket hang up"))).toBe(false);
    expect(isPermanentFailure(smtpError({ responseCode: 550, code: "EENVELOPE" }))).toBe(true);
    expect(isPermanentFailure(smtpError({ responseCode: 554, code: "EMESSAGE" }))).toBe(true);
  });

  it("our own mail server refusing our sign-in is not permanent: the configuration gets fixed", () => {
    expect(isPermanentFailure(smtpError({ responseCode: 535, code: "EAUTH" }))).toBe(false);
    expect(isAddressBounce(smtpError({ responseCode: 535, code: "EAUTH" }))).toBe(false);
  });

  it("only a refusal of the address counts as a bounce, not one of the content", () => {
    expect(isAddressBounce(smtpError({ responseCode: 550, code: "EENVELOPE", response: "550 No such user" }))).toBe(
      true,
    );
    expect(
      isAddressBounce(smtpError({ responseCode: 550, code: "EMESSAGE", response: "550 5.1.1 User unknown" })),
    ).toBe(true);
    expect(
      isAddressBounce(
        smtpError({ responseCode: 554, code: "EMESSAGE", response: "554 5.7.1 Message rejected as spam" }),
      ),
    ).toBe(false);
    expect(isAddressBounce(smtpError({ responseCode: 451, code: "EENVELOPE" }))).toBe(false);
  });
});
