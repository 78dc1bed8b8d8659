// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the JSON API's articles
// (docs/api.md#articles): their public shape, reading and validating a body, list parameters
// and the paging cursor; refusals are thrown as API error responses.
import type { NewsArticle, NewsCursor, NewsInput, NewsStatus } from "~/publishing/index.server";
import { newsApiSchema, parseIsoInstant } from "~/publishing/schemas/news";
import { apiError, readJsonBody, summariseIssues, zodIssues } from "~/routes/_glue/api.server";
import { bearerToken, requireApiUser } from "~/routes/_glue/api-guard.server";
import { allows } from "~/staff/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { pick } from "~/utils/pick";
import { snakeRow } from "~/utils/row-shape";

export interface ApiArticle {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  image_alt: string | null;
  status: NewsStatus;
  publish_at: string;
  created_at: string;
  updated_at: string;
}

/** The article as docs/api.md#articles describes it (with status, publish_at and image_alt). */
export function toApiArticle(article: NewsArticle): ApiArticle {
  return snakeRow(
    pick(article, ["id", "title", "content", "imageUrl", "imageAlt", "status", "publishAt", "createdAt", "updatedAt"]),
  );
}

export const articleNotFound = () => apiError(404, "Article not found");

/**
 * Reads and validates an article body (unknown fields ignored), or throws 400/413/415. Status
 * and publish_at are only in the result when the client sent them: an old client that sends
 * title, content and image_url publishes at once (create) or leaves them as they are (update).
 */
export async function readArticleInput(request: Request): Promise<NewsInput> {
  const body = await readJsonBody(request);
  const result = newsApiSchema.safeParse(body);
  if (!result.success) {
    const issues = zodIssues(result.error, body);
    throw apiError(400, summariseIssues(issues), { issues });
  }
  const { title, content, image_url, status, publish_at, image_alt } = result.data;
  return {
    title,
    content,
    imageUrl: image_url ?? null,
    ...(status ? { status } : {}),
    ...(publish_at ? { publishAt: publish_at } : {}),
    ...("image_alt" in body ? { imageAlt: image_alt ?? null } : {}),
  };
}

/**
 * Whether the caller is staff: a valid bearer token. A token that is sent but invalid is a
 * 401, not a silent fall-back to the public view, so a client notices its token expired.
 */
export async function isStaffCaller(request: Request): Promise<boolean> {
  if (!bearerToken(request) && !request.headers.has("Authorization")) return false;
  const { user } = await requireApiUser(request);
  // A token whose person may not open News sees what the public sees.
  return allows(user.role, "news");
}

export const API_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

export interface ApiListParams {
  limit: number;
  cursor?: NewsCursor;
}

function badParam(error: string): Response {
  return apiError(400, error, { issues: {} });
}

/** `?limit=` (1..100, default 20) and `?cursor=` (from a previous page's Link); anything else is a 400. */
export function parseListParams(url: URL): ApiListParams {
  const known = new Set(["limit", "cursor"]);
  for (const name of new Set(url.searchParams.keys())) {
    if (!known.has(name)) throw badParam(`Unknown query parameter "${name.slice(0, 40)}": use limit and cursor`);
    if (url.searchParams.getAll(name).length > 1) throw badParam(`Query parameter "${name}" must be given once`);
  }
  const rawLimit = url.searchParams.get("limit");
  let limit: number = API_PAGE.defaultLimit;
  if (rawLimit !== null) {
    if (!/^[0-9]{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > API_PAGE.maxLimit) {
      throw badParam(`limit must be a whole number from 1 to ${API_PAGE.maxLimit}`);
    }
    limit = Number(rawLimit);
  }
  const rawCursor = url.searchParams.get("cursor");
  if (rawCursor === null) return { limit };
  const cursor = decodeCursor(rawCursor);
  if (!cursor) throw badParam("cursor is not valid: use the address in the previous page's Link header");
  return { limit, cursor };
}

export function encodeCursor(article: NewsCursor): string {
  return Buffer.from(JSON.stringify([article.publishAt, article.id]), "utf8").toString("base64url");
}

export function decodeCursor(raw: string): NewsCursor | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [publishAt, id] = value;
    if (typeof publishAt !== "string" || parseIsoInstant(publishAt) !== publishAt) return null;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return null;
    const cursor = { publishAt, id };
    // Only the exact text we hand out: base64 decoding forgives stray characters.
    return encodeCursor(cursor) === raw ? cursor : null;
  } catch {
    return null;
  }
}

/** RFC 8288: where the next page is, while one may remain. */
export function nextLink(params: ApiListParams, last: NewsCursor): string {
  const query = new URLSearchParams({ limit: String(params.limit), cursor: encodeCursor(last) });
  return `<${absoluteUrl(`/api/news?${query}`)}>; rel="next"`;
}
