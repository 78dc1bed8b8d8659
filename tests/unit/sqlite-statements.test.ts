import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "~/infra/db.server";
import { WalCheckpointer } from "~/infra/wal-checkpointer.server";

// The SQLite connection's two appeal-night helpers: statements prepared once and handed back,
// and checkpoints taken on a thread of their own once a database is busy.
const dirs: string[] = [];
function walDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statements-"));
  dirs.push(dir);
  const file = path.join(dir, "test.sqlite");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.exec("create table t (x integer)");
  return { file, sqlite };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("withStatementCache", () => {
  it("hands back the statement prepared for the same SQL, and a fresh one while it is busy", () => {
    const { sqlite } = walDatabase();
    const cached = withStatementCache(sqlite);
    const first = cached.prepare("select 1 as one");
    expect(cached.prepare("select 1 as one")).toBe(first);
    expect(cached.prepare("select 2 as two")).not.toBe(first);
    sqlite.exec("insert into t values (1), (2)");
    const reading = cached.prepare("select x from t");
    const rows = reading.iterate();
    rows.next();
    const other = cached.prepare("select x from t");
    expect(other).not.toBe(reading);
    expect(other.all()).toEqual([{ x: 1 }, { x: 2 }]);
    rows.return?.();
    expect(cached.prepare("select x from t")).toBe(reading);
    cached.close();
    expect(sqlite.open).toBe(false);
  });

  it("keeps at most 500 statements, dropping the least recently used", () => {
    const { sqlite } = walDatabase();
    const cached = withStatementCache(sqlite);
    const kept = cached.prepare("select 0");
    for (let i = 1; i <= 499; i++) cached.prepare(`select ${i}`);
    expect(cached.prepare("select 0")).toBe(kept);
    cached.prepare("select 500");
    cached.prepare("select 501");
    expect(cached.prepare("select 0")).toBe(kept);
    expect(cached.prepare("select 1")).not.toBe(cached.prepare("select 2"));
    cached.close();
  });
});

describe("WalCheckpointer", () => {
  it("leaves a quiet database to SQLite's own checkpoints", () => {
    const { file, sqlite } = walDatabase();
    const checkpointer = new WalCheckpointer(file, sqlite, 50);
    for (let i = 0; i < 10; i++) checkpointer.noteCommit();
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    checkpointer.close();
    sqlite.close();
  });

  it("past its start, a thread of its own copies the WAL into the database file", async () => {
    const { file, sqlite } = walDatabase();
    const checkpointer = new WalCheckpointer(file, sqlite, 50);
    const insert = sqlite.prepare("insert into t values (?)");
    for (let i = 0; i < 60; i++) {
      insert.run(i);
      checkpointer.noteCommit();
    }
    // The app's connection now checkpoints by itself only past a far larger WAL.
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(20_000);
    await expect.poll(() => checkpointer.checkpoints, { timeout: 10_000 }).toBeGreaterThan(0);
    // Every row is in the database file itself: a copy of it without the WAL holds them all
    // (60 small commits are far below SQLite's own checkpoint, so only the thread copied them).
    const copy = path.join(path.dirname(file), "copy.sqlite");
    fs.copyFileSync(file, copy);
    const reader = new SQLite(copy, { readonly: true });
    expect(reader.prepare("select count(*) as n from t").get()).toEqual({ n: 60 });
    reader.close();
    checkpointer.close();
    sqlite.close();
  });
});
