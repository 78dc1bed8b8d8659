import type { Kysely } from "kysely";

// The kind e-mails a volunteer applicant can be sent when staff move their application to
// Contacted, Active (accepted) or Declined: one template per status, which staff edit under
// Volunteers → E-mails (docs/volunteers.md). Seeded here with the charity's first words; the
// placeholders {name}, {role} ("a volunteer", "an intern"…) and {charity} are filled in when one
// is sent. Portable: the schema
// and query builders only.

const seededAt = new Date(0).toISOString();

const templates = [
  {
    status: "contacted",
    subject: "About your application to {charity}",
    body: [
      "Dear {name},",
      "Thank you again for applying to be {role} with {charity}. We have read your application and would love to talk with you.",
      "Someone from our team will phone or e-mail you in the next few days to find a time that suits you. If it is easier, reply to this e-mail with a few times that work for you.",
      "With thanks,",
    ].join("\n\n"),
  },
  {
    status: "active",
    subject: "Welcome to {charity}",
    body: [
      "Dear {name},",
      "We are delighted to welcome you as {role} with {charity}. Thank you for giving your time.",
      "We will be in touch soon with what happens next: who your contact in the team is, and your first steps. If you have a question in the meantime, reply to this e-mail.",
      "With warm thanks,",
    ].join("\n\n"),
  },
  {
    status: "declined",
    subject: "Your application to {charity}",
    body: [
      "Dear {name},",
      "Thank you for your interest in being {role} with {charity}, and for the time you gave to your application.",
      "We are sorry that we cannot take it further at the moment. This is often because of the roles we have open just now rather than anything about you, and you are very welcome to apply again in future.",
      "Thank you for thinking of us.",
    ].join("\n\n"),
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("volunteer_mail_templates")
    // One of the statuses that can e-mail the applicant: contacted, active, declined.
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("volunteer_mail_templates")
    .values(templates.map((t) => ({ ...t, updated_at: seededAt, updated_by: "migration 0048" })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("volunteer_mail_templates").execute();
}
