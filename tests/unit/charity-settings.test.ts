import { describe, expect, it } from "vitest";
import { charityDefaults } from "~/content/site";
import {
  bankGroupSchema,
  charityGroupSchema,
  contactGroupSchema,
  settingsGroupSchemaFor,
  socialGroupSchema,
} from "~/site/schemas/charity-settings";
import { formatWhatsappNumber, telHref, whatsappDigits } from "~/utils/phone-numbers";
import {
  ibanChecksumOk,
  ibanProblem,
  isHttpsUrl,
  normaliseAccountNumber,
  normaliseCharityNumber,
  normaliseCompanyNumber,
  normaliseIban,
  normaliseSortCode,
} from "~/utils/charity-numbers";
import { officeHoursRows, sisterChapterLinksOf, socialLinksOf, supportAddressOf } from "~/utils/charity-links";
import { charityRegister, charityText, charityTextParts } from "~/utils/charity-text";

describe("sort code", () => {
  it.each(["12-34-56", "123456", "12 34 56", " 12-34 56 "])("accepts %j as 12-34-56", (input) => {
    expect(normaliseSortCode(input)).toBe("12-34-56");
  });
  it.each(["12345", "1234567", "12-34-5a", "", "12/34/56"])("refuses %j", (input) => {
    expect(normaliseSortCode(input)).toBeNull();
  });
});

describe("account number", () => {
  it("takes 8 digits, spaces forgiven", () => {
    expect(normaliseAccountNumber("3192 6819")).toBe("31926819");
  });
  it.each(["1234567", "123456789", "1234567a", "12-345678"])("refuses %j", (input) => {
    expect(normaliseAccountNumber(input)).toBeNull();
  });
});

describe("IBAN", () => {
  it("accepts valid IBANs in any case and spacing, shown in groups of four", () => {
    expect(normaliseIban("gb29nwbk60161331926819")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(normaliseIban("GB82 WEST 1234 5698 7654 32")).toBe("GB82 WEST 1234 5698 7654 32");
    expect(normaliseIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
  it("refuses a wrong check digit or a swapped digit (mod 97)", () => {
    expect(normaliseIban("GB28 NWBK 6016 1331 9268 19")).toBeNull();
    expect(normaliseIban("GB29 NWBK 6016 1331 9268 91")).toBeNull();
    expect(ibanChecksumOk("GB29NWBK60161331926819")).toBe(true);
    expect(ibanChecksumOk("GB29NWBK60161331926818")).toBe(false);
    expect(ibanProblem("GB28 NWBK 6016 1331 9268 19")).toBe("checksum");
    expect(ibanProblem("GB29 NWBK 6016")).toBe("shape");
    expect(ibanProblem("GB29 NWBK 6016 1331 9268 19")).toBeNull();
  });
  it("refuses the wrong length for the country and malformed input", () => {
    expect(normaliseIban("GB29 NWBK 6016 1331 9268 1")).toBeNull();
    expect(normaliseIban("GB00 XXXX 0000 0000 0000 00")).toBeNull();
    expect(normaliseIban("29GB NWBK 6016 1331 9268 19")).toBeNull();
    expect(normaliseIban("")).toBeNull();
  });
});

describe("charity number", () => {
  it.each([
    ["1234567", "1234567"],
    ["123456", "123456"],
    ["1234567-1", "1234567-1"],
    ["sc012345", "SC012345"],
    [" SC0 12345 ", "SC012345"],
  ])("accepts %j", (input, expected) => {
    expect(normaliseCharityNumber(input)).toBe(expected);
  });
  it.each(["12345", "12345678", "XXXXXXX", "SC12345", "SC112345", "1234567-", "NIC100002"])("refuses %j", (input) => {
    expect(normaliseCharityNumber(input)).toBeNull();
  });
  it("knows the register from the format", () => {
    expect(charityRegister("SC012345")).toBe("Scotland");
    expect(charityRegister("1234567")).toBe("England and Wales");
  });
});

describe("company number", () => {
  it("pads digits to 8 and takes two letters and six digits", () => {
    expect(normaliseCompanyNumber("1234567")).toBe("01234567");
    expect(normaliseCompanyNumber("sc123456")).toBe("SC123456");
    expect(normaliseCompanyNumber("XXXXXXXX")).toBeNull();
    expect(normaliseCompanyNumber("123456789")).toBeNull();
  });
});

describe("phone numbers", () => {
  it("takes UK numbers as people write them", () => {
    expect(whatsappDigits("07700 900123")).toBe("447700900123");
    expect(whatsappDigits("+44 7700 900123")).toBe("447700900123");
    expect(whatsappDigits("447700900123")).toBe("447700900123");
    expect(telHref("+44 (0)20 7946 0000")).toBe("tel:+442079460000");
  });
  it("refuses what cannot be a UK number", () => {
    // Shown as people write it, which reads back as the same digits.
    expect(formatWhatsappNumber("447700900123")).toBe("+44 7700 900123");
    expect(whatsappDigits(formatWhatsappNumber("447700900123"))).toBe("447700900123");
    expect(whatsappDigits("+1 202 555 0100")).toBeNull();
    expect(whatsappDigits("0770090012")).toBeNull();
    expect(whatsappDigits("020 7946 0000")).toBeNull();
  });
});

describe("social links", () => {
  it("are https only", () => {
    expect(isHttpsUrl("https://www.facebook.com/charity")).toBe(true);
    expect(isHttpsUrl("http://www.facebook.com/charity")).toBe(false);
    expect(isHttpsUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpsUrl("https://localhost/x")).toBe(false);
    expect(isHttpsUrl("facebook.com/charity")).toBe(false);
  });
  it("lists the networks set, then WhatsApp", () => {
    const links = socialLinksOf({ ...charityDefaults, linkedinUrl: "", xUrl: "https://x.com/charity" });
    expect(links.map((l) => l.label)).toEqual(["Facebook", "X", "WhatsApp"]);
  });
  it("lists the sister chapters set, and none when both are empty", () => {
    const one = sisterChapterLinksOf({ ...charityDefaults, europeChapterUrl: "" });
    expect(one).toEqual([{ label: "Sister chapter: International", href: charityDefaults.internationalChapterUrl }]);
    expect(sisterChapterLinksOf({ ...charityDefaults, internationalChapterUrl: "", europeChapterUrl: "" })).toEqual([]);
  });
  it("send staff who cannot sign in to the support address, or to the contact e-mail when none is set", () => {
    const settings = { ...charityDefaults, email: "hello@charity.org.uk" };
    expect(supportAddressOf({ ...settings, supportEmail: "it@charity.org.uk" })).toBe("it@charity.org.uk");
    expect(supportAddressOf({ ...settings, supportEmail: "" })).toBe("hello@charity.org.uk");
  });
});

describe("the settings schemas", () => {
  it("normalise what they accept", () => {
    const bank = bankGroupSchema.parse({
      accountName: " Charity ",
      sortCode: "601613",
      accountNumber: "31926819",
      iban: "gb29nwbk60161331926819",
    });
    expect(bank).toEqual({
      accountName: "Charity",
      sortCode: "60-16-13",
      accountNumber: "31926819",
      iban: "GB29 NWBK 6016 1331 9268 19",
      directDebitReferencePrefix: "",
    });
    expect(bankGroupSchema.parse({ ...bank, directDebitReferencePrefix: "cha-dd" }).directDebitReferencePrefix).toBe(
      "CHA-DD",
    );
    expect(bankGroupSchema.safeParse({ ...bank, directDebitReferencePrefix: "STRIPE1" }).success).toBe(false);
    const contact = contactGroupSchema.parse({ email: "hello@charity.org.uk", whatsappNumber: "07700 900123" });
    expect(contact).toEqual({
      email: "hello@charity.org.uk",
      supportEmail: "",
      phone: "",
      whatsappNumber: "447700900123",
      officeHours: "",
    });
  });
  it("say what is wrong with each field", () => {
    const result = bankGroupSchema.safeParse({ accountName: "", sortCode: "12345", accountNumber: "1", iban: "GB00" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(new Set(paths)).toEqual(new Set(["accountName", "sortCode", "accountNumber", "iban"]));
    expect(charityGroupSchema.safeParse({ ...charityDefaults }).success).toBe(false);
    expect(socialGroupSchema.safeParse({ facebookUrl: "http://facebook.com/x" }).success).toBe(false);
    expect(socialGroupSchema.parse({})).toEqual({
      facebookUrl: "",
      linkedinUrl: "",
      instagramUrl: "",
      xUrl: "",
      youtubeUrl: "",
    });
  });
});

describe("content wording with the current details", () => {
  const charity = {
    ...charityDefaults,
    name: "Health Aid Ltd",
    charityNumber: "1234567",
    companyNumber: "07654321",
    email: "hello@health.example",
  };
  it("swaps each default detail, the numbers not mistaken for each other", () => {
    const text = `${charityDefaults.name} (registered charity number ${charityDefaults.charityNumber}, company number ${charityDefaults.companyNumber}). E-mail ${charityDefaults.email}.`;
    expect(charityText(text, charity)).toBe(
      "Health Aid Ltd (registered charity number 1234567, company number 07654321). E-mail hello@health.example.",
    );
  });
  it("gives the e-mail address as its own part, for a link", () => {
    expect(charityTextParts(`Write to ${charityDefaults.email} today`, charity)).toEqual([
      { text: "Write to " },
      { email: "hello@health.example" },
      { text: " today" },
    ]);
  });
  it("reads office hours lines", () => {
    expect(officeHoursRows("Monday - Friday: 9:00 AM - 5:00 PM\n\nBy appointment")).toEqual([
      { days: "Monday - Friday", hours: "9:00 AM - 5:00 PM" },
      { days: "By appointment", hours: "" },
    ]);
  });
});

describe("the seeded settings", () => {
  it("the WhatsApp placeholder passes the form's own rule, as it is shown", () => {
    expect(whatsappDigits(formatWhatsappNumber(charityDefaults.whatsappNumber))).toBe(charityDefaults.whatsappNumber);
  });

  it("a group posted with its placeholders unchanged checks only what was changed", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "CHA", shortName: "CHA", registeredOffice: "" }))
      form.set(key, value);
    form.set("charityNumber", charityDefaults.charityNumber);
    form.set("companyNumber", "not a number");
    const untouched = { charityNumber: charityDefaults.charityNumber, companyNumber: charityDefaults.companyNumber };
    const result = settingsGroupSchemaFor("charity", form, untouched).safeParse(Object.fromEntries(form));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual(["companyNumber"]);
    form.set("companyNumber", charityDefaults.companyNumber);
    expect(settingsGroupSchemaFor("charity", form, untouched).parse(Object.fromEntries(form))).toEqual({
      name: "CHA",
      shortName: "CHA",
      registeredOffice: "",
    });
  });
});
