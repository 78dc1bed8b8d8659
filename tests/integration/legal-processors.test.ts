// The privacy and terms pages name the services that receive personal data in this installation,
// and what each receives: here with card gifts, a mail server, remote backups and a database on
// another machine configured; a bare installation names none of them.
import { describe, expect, it, vi } from "vitest";
import { noProcessors, privacyPolicyFor, termsOfUseFor, type LegalPage } from "~/content/legal";
import { parseEnv } from "~/infra/env.server";
import { processorsOf } from "~/site/services/processors.server";
import { renderPage } from "./render-support";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_vitest";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_vitest";
  process.env.SMTP_URL = "smtps://user:secret@smtp.mailer.test:465";
  process.env.BACKUP = "on";
  process.env.BACKUP_URL = "s3://charity-backups/db?endpoint=https://storage.backups.test&region=auto";
});

/** The page's words, tags and entities aside. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

const textOf = (page: LegalPage) =>
  page.sections
    .flatMap((section) => [
      ...(section.paragraphs ?? []),
      ...(section.items ?? []).flatMap((item) => [item.term, ...item.details]),
    ])
    .join(" ");

describe("with card gifts, a mail server and remote backups configured", () => {
  it("the privacy page names Stripe, the mail provider and the backup storage, and what each receives", async () => {
    const response = await renderPage("/privacy");
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Stripe (card payments)");
    expect(text).toContain("It receives your name, your e-mail address and the amount of your gift");
    expect(text).toContain("Our e-mail provider");
    expect(text).toContain("our e-mail provider's server (smtp.mailer.test). It receives each message whole");
    expect(text).toContain("Our backup storage");
    expect(text).toContain("our backup storage provider (storage.backups.test)");
    expect(text).toContain("we also keep Stripe's references for your payment");
    expect(text).not.toContain("Only our staff and trustees");
    // The mail server's credentials are configuration, never shown.
    expect(text).not.toContain("secret");
  });

  it("the terms say a gift may be paid by card through Stripe", async () => {
    const text = visibleText(await (await renderPage("/terms")).text());
    expect(text).toContain("You can pay it by card on the secure payment page of Stripe");
    expect(text).not.toContain("no card payment is taken on this website");
  });
});

describe("a bare installation (bank transfers only, no mail server, backups on this server)", () => {
  const bare = processorsOf(parseEnv({ DATABASE_URL: "file:/tmp/charity.sqlite", BACKUP: "on" }));

  it("has no processors", () => {
    expect(bare).toEqual(noProcessors);
  });

  it("says details go to no one else, and that no card payment is taken", () => {
    const privacy = textOf(privacyPolicyFor(365, bare));
    expect(privacy).toContain("Only our staff and trustees who need it");
    expect(privacy).toContain("We do not share your details with anyone else unless the law requires it.");
    expect(privacy).not.toMatch(/Stripe|e-mail provider|backup storage|database host/);
    expect(textOf(termsOfUseFor(bare))).toContain("no card payment is taken on this website");
  });

  it("names a PostgreSQL server on another machine, and Amazon S3 for a bucket without an endpoint", () => {
    const hosted = processorsOf(
      parseEnv({ DATABASE_URL: "postgres://app:pw@db.hosting.test:5432/charity", BACKUP_URL: "s3://bucket/path" }),
    );
    expect(hosted).toMatchObject({ databaseHost: "db.hosting.test", backupHost: "Amazon S3" });
    expect(textOf(privacyPolicyFor(365, hosted))).toContain("our hosting provider's server (db.hosting.test)");
    const local = processorsOf(parseEnv({ DATABASE_URL: "postgres://app:pw@localhost:5432/charity", BACKUP: "off" }));
    expect(local).toEqual(noProcessors);
  });
});
