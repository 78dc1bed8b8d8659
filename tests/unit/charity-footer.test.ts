import { describe, expect, it } from "vitest";
import { charityDefaults } from "~/content/site";
import { senderAddress } from "~/infra/mail.server";
import { charityFooterLines } from "~/mail/services/mail-templates.server";
import { charityPostalAddress } from "~/utils/charity-settings";

// The lines under every message's signature (Charities Act 2011 s.39) and the sender's address.

describe("the charity's details under a message's signature", () => {
  it("gives the address on one line, the e-mail and both numbers, in that order", () => {
    const charity = {
      ...charityDefaults,
      registeredOffice: " 1 New Road \n\nLeeds LS1 1AA",
      email: "hello@charity.example",
      charityNumber: "1234567",
      companyNumber: "07654321",
    };
    expect(charityPostalAddress(charity)).toBe("1 New Road, Leeds LS1 1AA");
    expect(charityFooterLines(charity)).toEqual([
      "Write to us: 1 New Road, Leeds LS1 1AA",
      "E-mail: hello@charity.example",
      "Registered charity number 1234567",
      "Company number 07654321",
    ]);
  });

  it("leaves out what Settings leaves empty", () => {
    const charity = { ...charityDefaults, registeredOffice: "", companyNumber: "", charityNumber: "1234567" };
    expect(charityFooterLines(charity)).toEqual([
      `E-mail: ${charityDefaults.email}`,
      "Registered charity number 1234567",
    ]);
  });
});

describe("the sender's address", () => {
  it("is MAIL_FROM's address, with or without a display name", () => {
    expect(senderAddress("Community Health Aid UK <no-reply@localhost>")).toBe("no-reply@localhost");
    expect(senderAddress("no-reply@charity.example")).toBe("no-reply@charity.example");
  });
});
