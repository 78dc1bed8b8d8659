import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { MessagePage } from "~/components/error-page";
import { PageBanner } from "~/components/page-banner";
import { isContactSubject } from "~/content/contact";
import { contactSentPage } from "~/content/contact-sent";
import { site } from "~/content/site";
import { readReceipt } from "~/supporters/index.server";
import { findEnquiry } from "~/supporters/index.server";
import { mailtoUrl, whatsappUrl } from "~/utils/contact-handoff";
import { getCharitySettings } from "~/site/index.server";
import { pageMeta } from "~/utils/meta";

// After a contact message is stored: a confirmation on the site (a visitor without a mail app
// or WhatsApp would otherwise see nothing happen), with the hand-off links the spec describes.
// Only the sending browser can open it (a signed cookie holds the enquiry's id); never cached.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: contactSentPage.title, description: `Your message to ${site.name}.`, noindex: true }, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const receipt = await readReceipt(request);
  const enquiry = receipt ? await findEnquiry(receipt.enquiryId) : undefined;
  if (!receipt || !enquiry || !isContactSubject(enquiry.subject)) return json({ sent: null });
  const message = { name: enquiry.name, email: enquiry.email, subject: enquiry.subject, message: enquiry.message };
  const charity = await getCharitySettings();
  return json({
    sent: {
      email: enquiry.email,
      channel: receipt.channel,
      mailto: mailtoUrl(charity.email, message),
      whatsapp: whatsappUrl(charity.whatsappNumber, message),
    },
  });
}

export default function ContactSent() {
  const { sent } = useLoaderData<typeof loader>();

  // Straight from the form (?via=…) with JavaScript: hand off to the app the visitor chose, as
  // the contact form always did, once; a reload or the back button then shows this page only.
  useEffect(() => {
    const url = new URL(window.location.href);
    const via = url.searchParams.get("via");
    if (!sent || !via) return;
    url.searchParams.delete("via");
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
    window.location.assign(via === "whatsapp" ? sent.whatsapp : sent.mailto);
  }, [sent]);

  if (!sent) {
    return (
      <MessagePage
        title={contactSentPage.missingTitle}
        text={contactSentPage.missingText}
        link={{ to: "/contact", label: "Go to the contact form" }}
      />
    );
  }
  const [first, second] =
    sent.channel === "whatsapp"
      ? [
          { href: sent.whatsapp, label: contactSentPage.whatsappLink },
          { href: sent.mailto, label: contactSentPage.emailLink },
        ]
      : [
          { href: sent.mailto, label: contactSentPage.emailLink },
          { href: sent.whatsapp, label: contactSentPage.whatsappLink },
        ];
  return (
    <>
      <PageBanner title={contactSentPage.title} lead={contactSentPage.reply(sent.email)} />
      <section className="container-page py-12">
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{contactSentPage.handoff}</p>
        <p className="mt-6 flex flex-wrap gap-3">
          <a href={first.href} className="btn-primary">
            {first.label}
          </a>
          <a href={second.href} className="btn-secondary">
            {second.label}
          </a>
        </p>
        <p className="mt-8">
          <Link to="/" className="link">
            Back to the home page
          </Link>
        </p>
      </section>
    </>
  );
}
