// Long because a newsletter goes through several steps that belong together: drafts (or one
// started from an article), preview, the test send, queueing once per confirmed subscriber in
// one transaction, scheduling, progress and the public archive. docs/mail.md explains them.
import { ARTICLE_PARAGRAPHS_IN_NEWSLETTER, newsletterStaff } from "~/content/newsletters";
import { slugify as slugOf } from "~/utils/slug";
import { findRecordOr404 } from "~/utils/record-id";
import { now as clockNow } from "~/infra/clock.server";
import { getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { markdownToMailText, markdownToText, renderMarkdown } from "~/infra/markdown.server";
import { pagesChanged } from "~/site/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { backgroundWorker } from "~/infra/background-worker.server";
import { recordAudit } from "~/site/index.server";
import { getNews } from "~/publishing/models/news.server";
import { countNewsletterRecipients, listNewsletterRecipients, storeToken } from "~/publishing/models/subscriber.server";
import { newToken } from "~/infra/secret-token.server";
import {
  createNewsletter,
  getNewsletter,
  getNewsUpload,
  getSentNewsletterBySlug,
  listDueNewsletters,
  listNewsletters,
  listNewsUploads,
  listPublishedArticles,
  listSentNewsletters,
  markNewsletterSent,
  setNewsletterSchedule,
  slugTaken,
  updateNewsletterDraft,
  type Newsletter,
  type NewsletterDraftInput,
} from "~/publishing/models/newsletter-issues.server";
import { countNewsletterMail, enqueueMail, type NewsletterMailCounts } from "~/mail/index.server";
import { responsiveImage, uploadPath } from "~/utils/images";
import { getCharitySettings } from "~/site/index.server";
import { newsletterMail, type MailContent, type NewsletterContent } from "~/mail/index.server";
import { newsletterPaths } from "./newsletter.server";
import { Refusal } from "~/utils/refusal";

// Newsletters: drafts, preview, a test, sending (now or at a UK time) to every confirmed
// subscriber through the outbox, and the public archive. Subscriptions and consent live in
// app/publishing/services/newsletter.server.ts; delivery (rate limit, retries, bounces) in mail-sender.

export type { Newsletter, NewsletterMailCounts };

export const newsletterWebPath = (slug: string) => `/newsletters/${slug}`;
export const NEWSLETTER_ARCHIVE_PATH = "/newsletters";

const currentTime = () => new Date(clockNow());

/** For staff pages: the newsletter an id in the URL names, or a thrown 404. */
export async function requireNewsletter(idParam: string | undefined): Promise<Newsletter> {
  return findRecordOr404(idParam, (id) => getNewsletter(getDb(), id), "There is no newsletter with this number.");
}

export async function staffNewsletterList(): Promise<Newsletter[]> {
  return listNewsletters(getDb());
}

/** What the compose forms offer: photos uploaded with news, and published articles to start from. */
export async function composeChoices() {
  const db = getDb();
  const [uploads, articles] = await Promise.all([listNewsUploads(db), listPublishedArticles(db, currentTime())]);
  return {
    uploads: uploads.map((u) => ({
      key: u.imageUpload,
      label: u.imageAlt ? `${u.imageAlt} (${u.title})` : u.title,
    })),
    articles,
  };
}

export async function confirmedRecipientCount(): Promise<number> {
  return countNewsletterRecipients(getDb());
}

export async function newsletterProgress(id: number): Promise<NewsletterMailCounts> {
  return countNewsletterMail(getDb(), id);
}

export interface DraftFields {
  subject: string;
  preheader?: string;
  body: string;
  /** An upload key chosen from composeChoices().uploads. */
  image?: string;
}

/** A draft that cannot be saved or scheduled: an unknown image or a past time (400, on that field), or already sent (409). */
export class NewsletterIssueError extends Refusal {
  constructor(
    message: string,
    status: 400 | 409,
    readonly field?: "image" | "send_at",
  ) {
    super(message, status);
  }
}

async function draftInput(db: DB, fields: DraftFields): Promise<NewsletterDraftInput | null> {
  const upload = fields.image ? await getNewsUpload(db, fields.image) : undefined;
  if (fields.image && !upload) return null;
  return {
    subject: fields.subject,
    preheader: fields.preheader ?? null,
    body: fields.body,
    imageUpload: upload?.imageUpload ?? null,
    imageWidths: upload?.imageWidths ?? null,
    imageAlt: upload?.imageAlt ?? null,
  };
}

/** Creates a draft (id null) or saves one; a sent newsletter is never changed (`NewsletterIssueError`). */
export async function saveNewsletterDraft(id: number | null, fields: DraftFields, actor: string): Promise<Newsletter> {
  const db = getDb();
  const input = await draftInput(db, fields);
  if (!input) throw new NewsletterIssueError(newsletterStaff.unknownImage, 400, "image");
  const now = currentTime();
  const newsletter =
    id === null
      ? await createNewsletter(db, { ...input, createdBy: actor }, now)
      : await updateNewsletterDraft(db, id, input, now);
  if (!newsletter) throw new NewsletterIssueError(newsletterStaff.notEditable, 409);
  logger.info(
    { event: id === null ? "newsletter.created" : "newsletter.saved", newsletter_id: newsletter.id },
    "Newsletter saved",
  );
  return newsletter;
}

/**
 * A draft from a published article: its title, its photo, its first paragraphs and a link to
 * the whole article. Undefined when the article is not (yet) public.
 */
export async function draftFromArticle(articleId: number, actor: string): Promise<Newsletter | undefined> {
  const db = getDb();
  const now = currentTime();
  const article = await getNews(db, articleId, { visibleAt: now.toISOString() });
  if (!article) return undefined;
  const paragraphs = article.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, ARTICLE_PARAGRAPHS_IN_NEWSLETTER);
  const link = `[${newsletterStaff.readMore}](${absoluteUrl(`/news/${article.id}`)})`;
  const newsletter = await createNewsletter(
    db,
    {
      subject: article.title.slice(0, 150),
      preheader:
        markdownToText(paragraphs[0] ?? "")
          .replace(/\s+/g, " ")
          .slice(0, 150) || null,
      body: [...paragraphs, link].join("\n\n"),
      imageUpload: article.imageWidths ? article.imageUpload : null,
      imageWidths: article.imageUpload ? article.imageWidths : null,
      imageAlt: article.imageUpload && article.imageWidths ? article.imageAlt : null,
      articleId: article.id,
      createdBy: actor,
    },
    now,
  );
  logger.info(
    { event: "newsletter.created", newsletter_id: newsletter.id, news_id: article.id },
    "Newsletter started from an article",
  );
  return newsletter;
}

/** The photo for e-mail: the stored JPEG nearest 960 px wide, on the public address. */
function mailImage(newsletter: Newsletter): NewsletterContent["image"] {
  if (!newsletter.imageUpload || !newsletter.imageWidths) return null;
  const widths = newsletter.imageWidths
    .split(",")
    .map(Number)
    .filter((w) => Number.isSafeInteger(w) && w > 0)
    .sort((a, b) => a - b);
  if (widths.length === 0) return null;
  const width = widths.filter((w) => w <= 960).pop() ?? widths[0];
  return { src: absoluteUrl(uploadPath(newsletter.imageUpload, width, "jpg")), alt: newsletter.imageAlt ?? "" };
}

function mailContent(newsletter: Newsletter, webUrl: string): NewsletterContent {
  return {
    subject: newsletter.subject,
    preheader: newsletter.preheader,
    bodyHtml: renderMarkdown(newsletter.body),
    bodyText: markdownToMailText(newsletter.body),
    image: mailImage(newsletter),
    webUrl,
  };
}

/** A newsletter's web address from its subject ("newsletter" when nothing of it is left). */
export const slugify = (subject: string) => slugOf(subject, "newsletter");

/** The web version's address: the subject's slug, or with the id after it when that is taken. */
async function uniqueSlug(db: DB, newsletter: Newsletter): Promise<string> {
  const slug = slugify(newsletter.subject);
  return (await slugTaken(db, slug)) ? `${slug}-${newsletter.id}` : slug;
}

function webUrlOf(newsletter: Newsletter): string {
  return absoluteUrl(newsletterWebPath(newsletter.slug ?? slugify(newsletter.subject)));
}

/** The message as a subscriber will get it (their own unsubscribe link stands in as an example). */
export async function previewNewsletter(newsletter: Newsletter): Promise<MailContent> {
  const example = absoluteUrl(newsletterPaths.unsubscribe("example"));
  return newsletterMail(
    mailContent(newsletter, webUrlOf(newsletter)),
    { unsubscribeUrl: example, oneClickUrl: absoluteUrl(newsletterPaths.oneClick("example")) },
    await getCharitySettings(),
  );
}

/** "Send me a test": the message, marked as a test, to the staff member's address only. */
export async function sendNewsletterTest(newsletter: Newsletter, to: string, actor: string): Promise<number> {
  const mail = newsletterMail(
    mailContent(newsletter, webUrlOf(newsletter)),
    { unsubscribeUrl: absoluteUrl(newsletterPaths.unsubscribe("example")), oneClickUrl: null },
    await getCharitySettings(),
    { test: true },
  );
  const id = await getDb()
    .transaction()
    .execute((trx) => enqueueMail(trx, { kind: "newsletter.test", to, ...mail }, currentTime()));
  logger.info(
    { event: "newsletter.test_queued", newsletter_id: newsletter.id, mail_id: id, actor },
    "Newsletter test queued",
  );
  return id;
}

/**
 * Schedules a draft for an instant (from a UK date and time), or with null makes it a draft again;
 * a past time or a newsletter already sent throws `NewsletterIssueError`.
 */
export async function scheduleNewsletter(id: number, sendAt: string | null, actor: string): Promise<void> {
  const now = currentTime();
  if (sendAt !== null && sendAt <= now.toISOString()) {
    throw new NewsletterIssueError(newsletterStaff.pastTime, 400, "send_at");
  }
  const done = await getDb()
    .transaction()
    .execute(async (trx) => {
      if (!(await setNewsletterSchedule(trx, id, sendAt, now))) return false;
      await recordAudit(
        trx,
        {
          entity: "newsletter",
          entityId: id,
          action: sendAt ? "newsletter.scheduled" : "newsletter.unscheduled",
          detail: sendAt,
          actor,
        },
        now.toISOString(),
      );
      return true;
    });
  if (!done) throw new NewsletterIssueError(newsletterStaff.notEditable, 409);
}

export type SendResult =
  { outcome: "queued"; count: number; newsletter: Newsletter } | { outcome: "already-sent" } | { outcome: "missing" };

/**
 * Sends a newsletter: in ONE immediate transaction, the move from draft (or scheduled) to sent,
 * and one outbox message per confirmed, non-bouncing subscriber, each with a fresh unsubscribe
 * link of its own (visible, and as RFC 8058 one-click headers). A second press, a second
 * instance's scheduler, or a retry after a crash finds it sent and queues nothing; a crash
 * before the commit leaves nothing queued. The outbox then delivers at MAIL_MAX_PER_MINUTE.
 */
export async function sendNewsletter(id: number, actor: string, now: Date = currentTime()): Promise<SendResult> {
  const charity = await getCharitySettings();
  const result = await immediateTransaction(getDb(), async (trx): Promise<SendResult> => {
    const newsletter = await getNewsletter(trx, id);
    if (!newsletter) return { outcome: "missing" };
    if (newsletter.status === "sent") return { outcome: "already-sent" };
    const recipients = await listNewsletterRecipients(trx);
    const slug = await uniqueSlug(trx, newsletter);
    if (!(await markNewsletterSent(trx, id, { slug, recipientCount: recipients.length }, now))) {
      return { outcome: "already-sent" };
    }
    await notePublicChange(trx);
    const content = mailContent(newsletter, absoluteUrl(newsletterWebPath(slug)));
    for (const recipient of recipients) {
      const token = newToken();
      await storeToken(trx, { subscriberId: recipient.id, purpose: "unsubscribe", token, now, expiresAt: null });
      const mail = newsletterMail(
        content,
        {
          unsubscribeUrl: absoluteUrl(newsletterPaths.unsubscribe(token)),
          oneClickUrl: absoluteUrl(newsletterPaths.oneClick(token)),
        },
        charity,
      );
      await enqueueMail(
        trx,
        { kind: "newsletter.issue", to: recipient.email, subscriberId: recipient.id, newsletterId: id, ...mail },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        entity: "newsletter",
        entityId: id,
        action: "newsletter.sent",
        detail: `${recipients.length} recipients`,
        actor,
      },
      now.toISOString(),
    );
    return { outcome: "queued", count: recipients.length, newsletter: { ...newsletter, slug, status: "sent" } };
  });
  if (result.outcome === "queued") {
    // The archive and the sitemap list it now.
    pagesChanged("newsletter");
    logger.info({ event: "newsletter.sent", newsletter_id: id, recipients: result.count }, "Newsletter queued");
  }
  return result;
}

/** Sends every scheduled newsletter whose time has come (each exactly once, whichever instance runs it). */
export async function sendDueNewsletters(now: Date = currentTime()): Promise<number> {
  let sent = 0;
  for (const { id } of await listDueNewsletters(getDb(), now)) {
    const result = await sendNewsletter(id, "scheduler", now);
    if (result.outcome === "queued") sent++;
  }
  return sent;
}

/** How often a running server looks for scheduled newsletters that are due. */
export const NEWSLETTER_SCHEDULER_INTERVAL_MS = 30_000;
const scheduler = backgroundWorker({
  failedEvent: "newsletter.scheduler_failed",
  failedMessage: "Sending scheduled newsletters failed",
  run: async () => {
    await sendDueNewsletters();
  },
  pollMs: NEWSLETTER_SCHEDULER_INTERVAL_MS,
});

/**
 * Started once when the server build loads (app/entry.server.tsx), on the background worker: a
 * first look at once (a newsletter that fell due while the server was down), then every 30 s.
 */
export const startNewsletterScheduler = scheduler.start;

// The public archive.

export async function sentNewsletters() {
  return listSentNewsletters(getDb());
}

export async function sitemapNewsletters(): Promise<{ slug: string; sentAt: string }[]> {
  return (await listSentNewsletters(getDb())).flatMap((n) =>
    n.slug && n.sentAt ? [{ slug: n.slug, sentAt: n.sentAt }] : [],
  );
}

/** A sent newsletter's web version, or undefined. */
export async function publicNewsletter(slug: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return undefined;
  const newsletter = await getSentNewsletterBySlug(getDb(), slug);
  if (!newsletter) return undefined;
  return {
    slug,
    subject: newsletter.subject,
    preheader: newsletter.preheader,
    sentAt: newsletter.sentAt!,
    html: renderMarkdown(newsletter.body),
    description: markdownToText(newsletter.body).replace(/\s+/g, " ").slice(0, 160),
    image: responsiveImage(newsletter.imageUpload, newsletter.imageWidths, newsletter.imageAlt),
    shareImage: mailImage(newsletter)?.src ?? null,
    url: absoluteUrl(newsletterWebPath(slug)),
  };
}
