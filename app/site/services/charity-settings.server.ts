import { nowIsoString } from "~/infra/clock.server";
import { dataVersionNow, getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { logger, type Logger } from "~/infra/logger.server";
import { pagesChanged } from "~/site/services/pages-changed.server";
import { charityDefaults } from "~/content/site";
import { charityWords } from "~/utils/charity-text";
import { defaultVolunteerInterests } from "~/content/volunteers";
import { listAuditOfKind, recordAudit, type AuditEvent } from "~/site/models/audit.server";
import { listSettings, saveSettings, type SettingRow } from "~/site/models/charity-settings.server";
import {
  labelOf,
  settingKeys,
  settingsFields,
  type CharitySettings,
  type SettingKey,
  type SettingsGroup,
} from "~/utils/charity-settings";

/**
 * The charity's own details, the one way every page, e-mail and export reads them: the saved
 * settings over the defaults of app/content/site.ts.
 *
 * Read on every request (the root loader puts them in every page), so the answer is kept in
 * memory: a save in this process drops it, and a write by another process moves SQLite's
 * data_version, after which it is read again. A save also clears the rendered-page cache, as a
 * news write does (app/publishing/services/news.server.ts): every public page shows some of these details.
 * A shared cache (CDN, nginx) may still serve a page it holds for its usual `s-maxage`
 * (SHARED_CACHE_SECONDS), as after an article is published.
 */

interface Cached {
  /** The saved rows as read: the settings and the switches (receipt reminders, soft opt-in). */
  rows: readonly SettingRow[];
  settings: CharitySettings;
  dataVersion: number;
}
const cache = new WeakMap<DB, Cached>();

const isSettingKey = (key: string): key is SettingKey => (settingKeys as readonly string[]).includes(key);

function withDefaults(rows: readonly SettingRow[]): CharitySettings {
  const settings = { ...charityDefaults, volunteerInterests: defaultVolunteerInterests };
  for (const { key, value } of rows) if (isSettingKey(key)) settings[key] = value;
  return settings;
}

export async function getCharitySettings(db: DB = getDb()): Promise<CharitySettings> {
  return (await cachedSettings(db)).settings;
}

async function cachedSettings(db: DB): Promise<Cached> {
  const dataVersion = await dataVersionNow(db);
  const hit = cache.get(db);
  if (hit && hit.dataVersion === dataVersion) return hit;
  const rows = Object.freeze(await listSettings(db));
  const kept = { rows, settings: Object.freeze(withDefaults(rows)), dataVersion };
  cache.set(db, kept);
  return kept;
}

/** The settings read inside a transaction (no cache: a transaction has no data version of its own). */
export async function charitySettingsIn(trx: DB): Promise<CharitySettings> {
  return Object.freeze(withDefaults(await listSettings(trx)));
}

export interface SettingsChange {
  key: SettingKey;
  before: string;
  after: string;
}

/**
 * Saves one group of the Settings form (values already validated and normalised by
 * app/site/schemas/charity-settings.ts). Only what changed is written, each change audited with
 * its value before and after, in one transaction; then cached copies are dropped.
 */
export async function saveCharitySettings(
  group: SettingsGroup,
  values: Partial<CharitySettings>,
  actor: string,
  { db = getDb(), log = logger }: { db?: DB; log?: Logger } = {},
): Promise<SettingsChange[]> {
  const now = nowIsoString();
  const changes = await immediateTransaction(db, async (trx) => {
    const current = withDefaults(await listSettings(trx));
    const changed: SettingsChange[] = [];
    for (const { key } of settingsFields[group]) {
      const after = values[key];
      if (after !== undefined && after !== current[key]) changed.push({ key, before: current[key], after });
    }
    if (changed.length === 0) return changed;
    const rows = changed.map((change) => ({ key: change.key, value: change.after, detail: describe(change) }));
    await writeSettings(trx, rows, actor, now);
    return changed;
  });
  if (changes.length > 0) {
    forgetCachedSettings(db);
    log.info({ event: "settings.changed", keys: changes.map((c) => c.key) }, "Charity settings changed");
  }
  return changes;
}

/** Writes settings, each audited with its `detail`, and marks what public pages show as changed. */
async function writeSettings(
  trx: DB,
  rows: readonly { key: string; value: string; detail: string }[],
  actor: string,
  now: string,
): Promise<void> {
  await saveSettings(
    trx,
    rows.map(({ key, value }) => ({ key, value })),
    { actor, now },
  );
  await notePublicChange(trx);
  for (const { detail } of rows) {
    await recordAudit(trx, { entity: "settings", entityId: null, action: "settings.changed", detail, actor }, now);
  }
}

/**
 * Once a save has committed: this process's cached settings and rendered pages go (the data
 * version tells other connections, not the one that wrote).
 */
function forgetCachedSettings(db: DB): void {
  cache.delete(db);
  pagesChanged("charity-settings");
}

/**
 * A switch no public page shows (the team's two-step requirement), written in the caller's
 * transaction, which audits it in its own words. Other instances learn of it through the data
 * version; call `forgetCachedSettingRows` once the transaction has committed.
 */
export async function storeSettingSwitch(trx: DB, key: string, on: boolean, actor: string): Promise<void> {
  await saveSettings(trx, [{ key, value: on ? "on" : "off" }], { actor, now: nowIsoString() });
  await notePublicChange(trx);
}

/** After `storeSettingSwitch` committed: this process reads the settings afresh (no page shows it, so pages stay). */
export function forgetCachedSettingRows(db: DB = getDb()): void {
  cache.delete(db);
}

const shown = (value: string) => (value === "" ? "(empty)" : JSON.stringify(value));

function describe({ key, before, after }: SettingsChange): string {
  return `${labelOf(key)}: ${shown(before)} → ${shown(after)}`;
}

/** The Settings page's history: who changed what, newest first. */
export async function settingsHistory(db: DB = getDb()): Promise<AuditEvent[]> {
  return listAuditOfKind(db, "settings");
}

/** A page's words from app/content/ with the charity's saved details in place of the defaults (charityWords). */
export async function withCharityDetails<T>(words: T): Promise<T> {
  return charityWords(words, await getCharitySettings());
}

/** An on/off switch of Settings, kept beside the charity's details under `key`; absent: `absent`. */
export async function settingSwitchOn(key: string, absent: boolean, db: DB = getDb()): Promise<boolean> {
  return switchOf((await cachedSettings(db)).rows, key, absent);
}

function switchOf(rows: readonly SettingRow[], key: string, absent: boolean): boolean {
  const row = rows.find((setting) => setting.key === key);
  return row ? row.value === "on" : absent;
}

/**
 * Staff turn a Settings switch on or off, audited as "`label`: off → on"; cached public pages are
 * dropped (a switch may change what a page shows). False when nothing changed.
 */
export async function setSettingSwitch(
  change: { key: string; label: string; absent: boolean; on: boolean },
  actor: string,
  db: DB = getDb(),
): Promise<boolean> {
  const { key, label, absent, on } = change;
  const changed = await immediateTransaction(db, async (trx) => {
    // Read in the transaction (no cache: a transaction has no data version of its own).
    if (switchOf(await listSettings(trx), key, absent) === on) return false;
    const detail = `${label}: ${on ? "off → on" : "on → off"}`;
    await writeSettings(trx, [{ key, value: on ? "on" : "off", detail }], actor, nowIsoString());
    return true;
  });
  if (changed) {
    forgetCachedSettings(db);
    logger.info({ event: "settings.changed", keys: [key] }, "Settings switch changed");
  }
  return changed;
}
