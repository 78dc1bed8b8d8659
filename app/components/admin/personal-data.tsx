import { Link } from "@remix-run/react";
import { contactSubjectLabel, isContactSubject } from "~/content/contact";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { volunteerKindLabels, type VolunteerKind, type VolunteerStatus } from "~/content/volunteers";
import { EnquiryStatusBadge } from "./enquiry-status";
import { VolunteerStatusBadge } from "./volunteer-status";

// What a privacy request finds, one section per kind of record (see app/supporters/services/privacy.server.ts).

interface Enquiry {
  id: number;
  subject: string;
  status: "new" | "handled";
  created_at: string;
  name: string;
}
interface Payment {
  id: number;
  received_on: string;
  amount_pence: number;
}
interface Pledge {
  id: number;
  reference: string;
  type: "one-time" | "monthly";
  amount_pence: number;
  first_name: string;
  last_name: string;
  created_at: string;
  cancelled_at: string | null;
  payments: Payment[];
}
interface Declaration {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  house_name_or_number: string;
  address_line: string;
  town: string;
  postcode: string;
  declared_at: string;
  cancelled_at: string | null;
}
interface VolunteerApplication {
  id: number;
  kind: VolunteerKind;
  name: string;
  status: VolunteerStatus;
  created_at: string;
}
interface Subscription {
  id: number;
  email: string;
  consented_at: string;
}

interface EventBooking {
  id: number;
  reference: string;
  event_id: number;
  event_title: string;
  buyer_name: string;
  buyer_email: string;
  quantity: number;
  status: string;
  created_at: string;
  tickets: { id: number; guest_name: string | null }[];
}
interface WaitlistPlace {
  id: number;
  event_id: number;
  event_title: string;
  name: string;
  status: string;
  created_at: string;
}

function Section({
  title,
  count,
  level,
  children,
}: {
  title: string;
  count: number;
  level: 3 | 4;
  children: React.ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <section className="mt-6">
      <Heading className="text-lg font-semibold">
        {title} ({count})
      </Heading>
      {count === 0 ? <p className="mt-1 text-slate-700 dark:text-slate-300">None.</p> : children}
    </section>
  );
}

export function PersonalDataSections({
  data,
  headingLevel = 4,
}: {
  data: {
    enquiries: Enquiry[];
    giftAid: Declaration[];
    pledges: Pledge[];
    newsletter: Subscription[];
    volunteers: VolunteerApplication[];
    eventBookings: EventBooking[];
    eventWaitlist: WaitlistPlace[];
  };
  /** The level of each kind's heading: one below the page's heading above them. */
  headingLevel?: 3 | 4;
}) {
  return (
    <>
      <Section title="Enquiries" level={headingLevel} count={data.enquiries.length}>
        <ul className="mt-2 space-y-1">
          {data.enquiries.map((e) => (
            <li key={e.id}>
              <Link to={adminPaths.enquiry(e.id)} className="link">
                {isContactSubject(e.subject) ? contactSubjectLabel(e.subject) : e.subject}
              </Link>{" "}
              from {e.name}, <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>{" "}
              <EnquiryStatusBadge status={e.status} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Pledges" level={headingLevel} count={data.pledges.length}>
        <ul className="mt-2 space-y-3">
          {data.pledges.map((p) => (
            <li key={p.id}>
              <span className="font-semibold">{p.reference}</span>: {formatPence(p.amount_pence)}{" "}
              {p.type === "monthly" ? "monthly" : "one-time"} from {p.first_name} {p.last_name},{" "}
              <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
              {p.cancelled_at ? " (cancelled)" : ""}
              {" · "}
              {p.payments.length === 0 ? (
                "no payments (erasing deletes it)"
              ) : (
                <>
                  paid (kept when erasing):
                  <ul className="ml-6 list-disc">
                    {p.payments.map((payment) => (
                      <li key={payment.id}>
                        {formatPence(payment.amount_pence)} received{" "}
                        <time dateTime={payment.received_on}>{formatLongDate(payment.received_on)}</time>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Gift Aid declarations" level={headingLevel} count={data.giftAid.length}>
        <ul className="mt-2 space-y-1">
          {data.giftAid.map((d) => (
            <li key={d.id}>
              {[d.title, d.first_name, d.last_name].filter(Boolean).join(" ")}, {d.house_name_or_number}{" "}
              {d.address_line}, {d.town} {d.postcode}; declared{" "}
              <time dateTime={d.declared_at}>{formatLongDate(d.declared_at)}</time>
              {d.cancelled_at ? ", cancelled" : ""}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Newsletter subscription" level={headingLevel} count={data.newsletter.length}>
        <ul className="mt-2">
          {data.newsletter.map((s) => (
            <li key={s.id}>
              {s.email}, consent given <time dateTime={s.consented_at}>{formatDateTime(s.consented_at)}</time>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Volunteer applications" level={headingLevel} count={data.volunteers.length}>
        <ul className="mt-2 space-y-1">
          {data.volunteers.map((v) => (
            <li key={v.id}>
              <Link to={adminPaths.volunteer(v.id)} className="link">
                {volunteerKindLabels[v.kind]} application
              </Link>{" "}
              from {v.name}, <time dateTime={v.created_at}>{formatDateTime(v.created_at)}</time>{" "}
              <VolunteerStatusBadge status={v.status} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Event bookings" level={headingLevel} count={data.eventBookings.length}>
        <ul className="mt-2 space-y-1">
          {data.eventBookings.map((b) => (
            <li key={b.id}>
              <Link to={adminPaths.event(b.event_id)} className="link">
                {b.event_title}
              </Link>
              : {b.reference}, {b.quantity} {b.quantity === 1 ? "ticket" : "tickets"} bought by {b.buyer_name},{" "}
              <time dateTime={b.created_at}>{formatDateTime(b.created_at)}</time> ({b.status}
              {b.status === "paid" || b.status === "refunded" ? ": kept, the charity's accounts" : ""})
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Event waiting lists" level={headingLevel} count={data.eventWaitlist.length}>
        <ul className="mt-2 space-y-1">
          {data.eventWaitlist.map((w) => (
            <li key={w.id}>
              <Link to={adminPaths.event(w.event_id)} className="link">
                {w.event_title}
              </Link>
              : {w.name}, <time dateTime={w.created_at}>{formatDateTime(w.created_at)}</time> ({w.status})
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
