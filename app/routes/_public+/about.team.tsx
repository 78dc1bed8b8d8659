import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { site } from "~/content/site";
import { officers, trustees, type TrusteeOrOfficer } from "~/content/team";
import { pageMeta } from "~/utils/meta";
import { useCharity } from "~/components/charity";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Our Team", description: `The board of trustees and the officers of ${site.name}.` }, matches);

function MemberList({ members }: { members: TrusteeOrOfficer[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member, i) => (
        <li key={`${member.role}-${i}`} className="rounded-lg border border-slate-200 p-5 dark:border-slate-700">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">{member.name}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{member.role}</p>
        </li>
      ))}
    </ul>
  );
}

export default function Team() {
  const charity = useCharity();
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Our Team</h1>
      <p className="mt-5 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        {charity.name} is governed by a board of volunteer trustees, supported by a small team of officers.
      </p>
      <section aria-labelledby="trustees-heading" className="mt-10">
        <h2 id="trustees-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          Board of Trustees
        </h2>
        <MemberList members={trustees} />
      </section>
      <section aria-labelledby="officers-heading" className="mt-12">
        <h2 id="officers-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          Officers
        </h2>
        <MemberList members={officers} />
      </section>
    </>
  );
}
