import { notFound } from "./http";

/**
 * A record's id in a URL segment (/news/{id}, /api/news/{id}, every staff record page), or null
 * unless it is a plain positive integer ("7", not "07", "7.0", "1e3", "-1" or beyond what
 * SQLite and JavaScript agree on), so odd addresses get a 404 rather than a near match.
 */
export function parseRecordId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The record id in a URL segment, or a thrown 404 with `message`. */
export function requireRecordId(value: string | undefined, message: string): number {
  const id = parseRecordId(value);
  if (id === null) throw notFound(message);
  return id;
}

/** The record a URL segment names, found by `find`, or a thrown 404 with `message`. */
export async function findRecordOr404<T>(
  value: string | undefined,
  find: (id: number) => Promise<T | null | undefined>,
  message: string,
): Promise<T> {
  const record = await find(requireRecordId(value, message));
  if (!record) throw notFound(message);
  return record;
}

/** A pledge's payment named by a route's `$id` and `$paymentId`, or null unless both are record ids. */
export function pledgePaymentIds(params: {
  id?: string;
  paymentId?: string;
}): { pledgeId: number; paymentId: number } | null {
  const pledgeId = parseRecordId(params.id);
  const paymentId = parseRecordId(params.paymentId);
  return pledgeId === null || paymentId === null ? null : { pledgeId, paymentId };
}
