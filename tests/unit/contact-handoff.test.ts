import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactSubjects } from "~/content/contact";
import { contactBody, mailtoUrl, whatsappUrl, type ContactMessage } from "~/utils/contact-handoff";

const message: ContactMessage = {
  name: "Zoë & Co",
  email: "zoe+tag@example.com",
  subject: "volunteer",
  message: "Line one?\nLine two #hash 50% off\r\nLine three =x&y",
};

const queryOf = (url: string) =>
  Object.fromEntries(
    url
      .slice(url.indexOf("?") + 1)
      .split("&")
      .map((pair) => {
        const [key, value] = pair.split("=");
        return [key, decodeURIComponent(value)];
      }),
  );

describe("mailtoUrl", () => {
  it("addresses the draft and fills subject and body, percent-encoded", () => {
    const url = mailtoUrl("info@example.org", message);
    expect(url.startsWith("mailto:info@example.org?subject=Volunteer%20Opportunities&body=")).toBe(true);
    expect(url).not.toMatch(/[\s+#]/);
    expect(queryOf(url)).toEqual({
      subject: "Volunteer Opportunities",
      body: "Name: Zoë & Co\r\nEmail: zoe+tag@example.com\r\n\r\nMessage:\r\nLine one?\r\nLine two #hash 50% off\r\nLine three =x&y",
    });
  });

  it("round-trips any text exactly (property)", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.constantFrom(...contactSubjects),
        fc.string(),
        (name, email, subject, text) => {
          const content = { name, email, subject: subject.value, message: text };
          const query = queryOf(mailtoUrl("info@example.org", content));
          expect(query.subject).toBe(subject.label);
          expect(query.body).toBe(contactBody(content, "\r\n"));
        },
      ),
    );
  });
});

describe("whatsappUrl", () => {
  it("opens a chat with the number's digits and the same content, subject first", () => {
    const url = new URL(whatsappUrl("+44 0000-000000", message));
    expect(url.origin + url.pathname).toBe("https://wa.me/440000000000");
    expect(url.searchParams.get("text")).toBe(
      "Subject: Volunteer Opportunities\nName: Zoë & Co\nEmail: zoe+tag@example.com\n\nMessage:\nLine one?\nLine two #hash 50% off\nLine three =x&y",
    );
    expect([...url.searchParams.keys()]).toEqual(["text"]);
  });
});
