import { getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { publicPagePaths } from "~/content/public-pages";
import {
  deleteRedirect,
  deleteSelfRedirects,
  findRedirect,
  getRedirect,
  listRedirects,
  putRedirect,
  repointRedirects,
  type Redirect,
  type RedirectOrigin,
} from "~/publishing/models/redirects.server";
import { isPublishedProjectSlug } from "~/publishing/models/projects.server";
import { sitePath } from "~/publishing/schemas/redirects";
import { Refusal } from "~/utils/refusal";

// Redirects (issue 52, docs/site-editor.md "Redirects"): a public address that moved answers 301
// with its new one, on every instance (read from the database when an address matches no page).
// Rules kept here, for automatic redirects (a renamed project) and staff's alike:
// - a redirect never points at itself, and never loops: A→B is refused while B leads back to A;
// - chains stay one step long: A→B then B→C stores A→C (and every X→B becomes X→C);
// - an address in use by live content (a published project, a page of the site, the staff area)
//   is never a redirect's source.

export class RedirectRefusal extends Refusal {}
export type { Redirect };

/** The one lock under which addresses change (a project renamed, a redirect added or removed). */
export const ADDRESS_LOCK = "site-addresses";

/** Chains are kept one step long; following more than this many steps means a loop. */
const MAX_STEPS = 20;

/** Addresses that belong to the site itself: never redirected away. */
const RESERVED_PREFIXES = ["/admin", "/api", "/uploads", "/build", "/webhooks", "/projects/recent"];

function pathOf(input: string, label: string): string {
  const result = sitePath(input);
  if ("problem" in result) throw new RedirectRefusal(`${label}: ${result.problem}`, 400);
  return result.path;
}

/** Whether a public address is live content: a page of the site, a published project, the staff area. */
export async function addressInUse(db: DB, path: string): Promise<boolean> {
  if (publicPagePaths.includes(path)) return true;
  if (RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return true;
  const project = /^\/projects\/([^/]+)$/.exec(path);
  return project !== null && (await isPublishedProjectSlug(db, project[1]));
}

/**
 * Records `from → to` in the caller's transaction (`trx`): the one way a redirect is made. The
 * target is followed to its end (A→B while B→C stores A→C), redirects to `from` are pointed at
 * the end too, and a loop or a live source is refused (RedirectRefusal). Other instances see it
 * at once (the public change counter).
 */
export async function recordRedirect(
  trx: DB,
  from: string,
  to: string,
  options: { origin?: RedirectOrigin; actor?: string | null } = {},
): Promise<{ from: string; to: string }> {
  const fromPath = pathOf(from, "Old address");
  const toPath = pathOf(to, "New address");
  if (fromPath === toPath) throw new RedirectRefusal("An address cannot redirect to itself", 400);
  if (await addressInUse(trx, fromPath)) {
    throw new RedirectRefusal(`${fromPath} is a live page of the site: it cannot redirect elsewhere`, 409);
  }
  let end = toPath;
  for (let step = 0; ; step++) {
    const next = await findRedirect(trx, end);
    if (!next) break;
    end = next.toPath;
    if (end === fromPath || step >= MAX_STEPS) {
      throw new RedirectRefusal(`${toPath} already redirects to ${fromPath}: this redirect would loop`, 409);
    }
  }
  await putRedirect(trx, {
    fromPath,
    toPath: end,
    origin: options.origin ?? "automatic",
    createdBy: options.actor ?? null,
  });
  await repointRedirects(trx, fromPath, end);
  await deleteSelfRedirects(trx);
  await notePublicChange(trx);
  return { from: fromPath, to: end };
}

/** Where a public address that matches no page has moved to, or null. */
export async function redirectFor(pathname: string): Promise<string | null> {
  const db = getDb();
  const candidates = [pathname];
  try {
    const decoded = decodeURIComponent(pathname);
    if (decoded !== pathname) candidates.push(decoded);
  } catch {
    // A malformed escape is looked up as it came.
  }
  for (const candidate of candidates) {
    const result = sitePath(candidate);
    if ("problem" in result) continue;
    const found = await findRedirect(db, result.path);
    if (found) return found.toPath;
  }
  return null;
}

interface Actor {
  id: number;
  username: string;
}

/** Staff add a redirect (Redirects section): validated, audited. */
export async function addRedirect(
  input: { from: string; to: string },
  actor: Actor,
): Promise<{ from: string; to: string }> {
  const saved = await immediateTransaction(
    getDb(),
    async (trx) => {
      const result = await recordRedirect(trx, input.from, input.to, { origin: "staff", actor: actor.username });
      await recordAudit(trx, {
        entity: "redirect",
        entityId: null,
        action: "redirect.added",
        detail: `${result.from} → ${result.to}`,
        actor: actor.username,
        actorId: actor.id,
      });
      return result;
    },
    { lockKey: ADDRESS_LOCK },
  );
  logger.info({ event: "redirect.added" }, "Redirect added");
  return saved;
}

/** Staff remove a redirect: the old address answers 404 again. */
export async function removeRedirect(id: number, actor: Actor): Promise<Redirect> {
  return immediateTransaction(
    getDb(),
    async (trx) => {
      const redirect = await getRedirect(trx, id);
      if (!redirect) throw new RedirectRefusal("This redirect no longer exists", 404);
      await deleteRedirect(trx, id);
      await notePublicChange(trx);
      await recordAudit(trx, {
        entity: "redirect",
        entityId: null,
        action: "redirect.removed",
        detail: `${redirect.fromPath} → ${redirect.toPath}`,
        actor: actor.username,
        actorId: actor.id,
      });
      return redirect;
    },
    { lockKey: ADDRESS_LOCK },
  );
}

export function staffRedirectList(): Promise<Redirect[]> {
  return listRedirects(getDb());
}
