import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FilterForm, fourColumnFilters, ListHeading } from "~/components/admin/filter-form";
import { FilteredList } from "~/components/admin/pagination";
import { listCell, listRow, PersonCell, StaffTable } from "~/components/admin/table";
import { VolunteerStatusBadge } from "~/components/admin/volunteer-status";
import { site } from "~/content/site";
import {
  isVolunteerKind,
  isVolunteerStatus,
  volunteerKindLabels,
  volunteerKinds,
  volunteerMailStaff,
  volunteerStaff as copy,
  volunteerStatuses,
  volunteerStatusLabels,
} from "~/content/volunteers";
import { parseVolunteerQuery, volunteerQueryString, type VolunteerFilter } from "~/supporters/schemas/volunteer";
import { volunteerApplicationsPage, volunteerInterests } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { LIST_PAGE_SIZE, LIST_SEARCH_MAX } from "~/schemas/staff-list-query";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { pageCount } from "~/utils/pagination";

// The staff Volunteers section: applications made on the Volunteers, Internships and Advisory
// Board pages, newest first, filtered by status, kind and interest and searched by name (a GET
// form: the filters live in the address, for page links, the export and the back button).

export const meta: MetaFunction = () =>
  pageMeta({ title: copy.title, description: `Volunteer applications to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "volunteers");
  const url = new URL(request.url);
  const interests = await volunteerInterests();
  const parsed = parseVolunteerQuery(url.searchParams);
  if (!parsed.ok) {
    const raw = (key: string) => url.searchParams.get(key) ?? "";
    return json(
      {
        errors: parsed.errors,
        filter: { status: raw("status"), kind: raw("kind"), interest: raw("interest"), q: raw("q") },
        interests,
        page: 1,
        list: null,
      },
      { status: 400 },
    );
  }
  const { filter, page } = parsed;
  const result = await volunteerApplicationsPage(filter, page, LIST_PAGE_SIZE);
  return json({
    errors: null,
    filter: {
      status: filter.status ?? "",
      kind: filter.kind ?? "",
      interest: filter.interest ?? "",
      q: filter.q ?? "",
    },
    // An interest taken off the list in Settings can still be filtered by while applications carry it.
    interests: filter.interest && !interests.includes(filter.interest) ? [...interests, filter.interest] : interests,
    page,
    list: {
      total: result.total,
      lastPage: pageCount(result.total, LIST_PAGE_SIZE),
      applications: result.applications,
    },
  });
}

function asFilter(raw: { status: string; kind: string; interest: string; q: string }): VolunteerFilter {
  return {
    status: isVolunteerStatus(raw.status) ? raw.status : undefined,
    kind: isVolunteerKind(raw.kind) ? raw.kind : undefined,
    interest: raw.interest || undefined,
    q: raw.q || undefined,
  };
}

const statusOptions = volunteerStatuses.map((value) => ({ value, label: volunteerStatusLabels[value] }));
const kindOptions = volunteerKinds.map((value) => ({ value, label: volunteerKindLabels[value] }));

export default function Volunteers() {
  const { errors, filter, interests, page, list } = useLoaderData<typeof loader>();
  const current = asFilter(filter);
  const hrefFor = (p: number) => `${adminPaths.volunteers}${volunteerQueryString(current, p)}`;
  const interestOptions = interests.map((value) => ({ value, label: value }));

  return (
    <>
      <ListHeading
        title={copy.title}
        exportHref={adminPaths.volunteersExport + volunteerQueryString(current)}
        filter={current}
      />
      <p className="mt-2">
        <Link to={adminPaths.volunteerMails} className="link">
          {volunteerMailStaff.link}
        </Link>
      </p>

      <FilterForm
        idPrefix="volunteers"
        action={adminPaths.volunteers}
        {...fourColumnFilters}
        values={filter}
        search={{ label: "Search by name", maxLength: LIST_SEARCH_MAX, help: copy.searchHelp }}
        selects={[
          { name: "status", label: "Status", anyLabel: "Any status", options: statusOptions },
          { name: "interest", label: "Interest", anyLabel: "Any interest", options: interestOptions },
          { name: "kind", label: "Applied for", anyLabel: "Anything", options: kindOptions },
        ]}
      />

      <FilteredList
        errors={errors}
        count={list && { total: list.total, lastPage: list.lastPage, shown: list.applications.length }}
        words={copy.list}
        page={page}
        href={hrefFor}
      >
        <StaffTable
          className="mt-4"
          wide
          stacked
          caption="Volunteer applications, newest first"
          columns={["Name", "Applied for", "Received", "Status", "Interests", "District"]}
        >
          {list?.applications.map((a) => (
            <tr key={a.id} className={listRow}>
              <PersonCell to={adminPaths.volunteer(a.id)} name={a.name} email={a.email} label="Name" />
              <td className={listCell} data-label="Applied for">
                {volunteerKindLabels[a.kind]}
              </td>
              <td className={`${listCell} whitespace-nowrap`} data-label="Received">
                <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
              </td>
              <td className={listCell} data-label="Status">
                <VolunteerStatusBadge status={a.status} />
              </td>
              <td className={`${listCell} break-words`} data-label="Interests">
                {a.interests.join(", ") || "—"}
              </td>
              <td className={listCell} data-label="District">
                {a.district}
              </td>
            </tr>
          ))}
        </StaffTable>
      </FilteredList>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
