import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquiryStatusBadge } from "~/components/admin/enquiry-status";
import { listCell, listRow, PersonCell, StaffTable } from "~/components/admin/table";
import { FilterForm, fourColumnFilters, ListHeading } from "~/components/admin/filter-form";
import { FilteredList } from "~/components/admin/pagination";
import { contactSubjectLabel, contactSubjects, isContactSubject } from "~/content/contact";
import { ENQUIRY_PREVIEW_LENGTH, enquiryMessages, enquiryStatusLabels } from "~/content/enquiries";
import { site } from "~/content/site";
import { enquiriesPage } from "~/supporters/index.server";
import {
  enquiryQueryString,
  enquiryStatuses,
  parseEnquiryQuery,
  type EnquiryFilter,
} from "~/supporters/schemas/enquiry";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { LIST_PAGE_SIZE, LIST_SEARCH_MAX } from "~/schemas/staff-list-query";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { pageCount } from "~/utils/pagination";
import { preview } from "~/utils/text";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Enquiries", description: `Contact enquiries to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "enquiries");
  const url = new URL(request.url);
  const parsed = parseEnquiryQuery(url.searchParams);
  if (!parsed.ok) {
    // The inbox again with what was wrong, so staff can fix the filter (never a 500).
    const raw = {
      status: url.searchParams.get("status") ?? "",
      subject: url.searchParams.get("subject") ?? "",
      q: url.searchParams.get("q") ?? "",
    };
    return json({ errors: parsed.errors, filter: raw, page: 1, list: null }, { status: 400 });
  }
  const { filter, page } = parsed;
  const result = await enquiriesPage(filter, page, LIST_PAGE_SIZE);
  return json({
    errors: null,
    filter: { status: filter.status ?? "", subject: filter.subject ?? "", q: filter.q ?? "" },
    page,
    list: {
      total: result.total,
      capped: result.capped,
      lastPage: pageCount(result.total, LIST_PAGE_SIZE),
      enquiries: result.enquiries.map((e) => ({
        id: e.id,
        name: e.name,
        email: e.email,
        subject: isContactSubject(e.subject) ? contactSubjectLabel(e.subject) : e.subject,
        status: e.status,
        createdAt: e.createdAt,
        preview: preview(e.message, ENQUIRY_PREVIEW_LENGTH),
      })),
    },
  });
}

function asFilter(raw: { status: string; subject: string; q: string }): EnquiryFilter {
  return {
    status: (enquiryStatuses as readonly string[]).includes(raw.status)
      ? (raw.status as EnquiryFilter["status"])
      : undefined,
    subject: isContactSubject(raw.subject) ? raw.subject : undefined,
    q: raw.q || undefined,
  };
}

const statusOptions = enquiryStatuses.map((value) => ({ value, label: enquiryStatusLabels[value] }));

export default function Enquiries() {
  const { errors, filter, page, list } = useLoaderData<typeof loader>();
  const current = asFilter(filter);
  const hrefFor = (p: number) => `${adminPaths.enquiries}${enquiryQueryString(current, p)}`;

  return (
    <>
      <ListHeading
        title="Enquiries"
        exportHref={adminPaths.enquiriesExport + enquiryQueryString(current)}
        filter={current}
      />

      <FilterForm
        idPrefix="enquiries"
        action={adminPaths.enquiries}
        {...fourColumnFilters}
        values={filter}
        search={{
          label: "Search",
          maxLength: LIST_SEARCH_MAX,
          help: enquiryMessages.searchHelp,
          className: "sm:col-span-2",
        }}
        selects={[
          { name: "status", label: "Status", anyLabel: "Any status", options: statusOptions },
          { name: "subject", label: "Subject", anyLabel: "Any subject", options: contactSubjects },
        ]}
      />

      <FilteredList
        errors={errors}
        count={
          list && { total: list.total, capped: list.capped, lastPage: list.lastPage, shown: list.enquiries.length }
        }
        words={enquiryMessages.list}
        page={page}
        href={hrefFor}
      >
        <StaffTable
          className="mt-4"
          wide
          caption="Enquiries, new first, then newest first"
          columns={["From", "Subject", "Received", "Status", "Message"]}
        >
          {list?.enquiries.map((enquiry) => (
            <tr key={enquiry.id} className={listRow}>
              <PersonCell to={adminPaths.enquiry(enquiry.id)} name={enquiry.name} email={enquiry.email} />
              <td className={listCell}>{enquiry.subject}</td>
              <td className={`${listCell} whitespace-nowrap`}>
                <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
              </td>
              <td className={listCell}>
                <EnquiryStatusBadge status={enquiry.status} />
              </td>
              <td className={`${listCell} break-words text-slate-700 dark:text-slate-300`}>{enquiry.preview}</td>
            </tr>
          ))}
        </StaffTable>
      </FilteredList>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
