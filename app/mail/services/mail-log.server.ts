import { getDb } from "~/infra/db.server";
import { getMail, listMail, type OutboxRow } from "~/mail/models/outbox.server";

/** One page of the staff mail log, newest first; `failedOnly` keeps the messages that need a retry. */
export async function mailLogPage(page: number, pageSize: number, failedOnly: boolean) {
  return listMail(getDb(), { page, pageSize, ...(failedOnly ? { status: "failed" as const } : {}) });
}

/** One outbox message, or undefined. */
export async function findMail(id: number): Promise<OutboxRow | undefined> {
  return getMail(getDb(), id);
}
