import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { WalSync } from "~/infra/wal-sync.server";

// The group commit: a write is acknowledged only after an fsync begun after its commit, and the
// commits made before one fsync began share it.
function controlledSync() {
  const calls: (() => void)[] = [];
  const sync = () => new Promise<void>((resolve) => calls.push(resolve));
  return { calls, sync };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe("WalSync", () => {
  it("commits made before an fsync began share it; nothing is durable before it ends", async () => {
    const { calls, sync } = controlledSync();
    const wal = new WalSync("/nowhere-wal", sync);
    wal.noteCommit();
    wal.noteCommit();
    const a = wal.durable();
    const b = wal.durable();
    expect(calls).toHaveLength(1);
    expect(await settled(a)).toBe(false);
    calls[0]();
    await Promise.all([a, b]);
    expect(calls).toHaveLength(1);
  });

  it("a commit made while an fsync runs waits for the next one", async () => {
    const { calls, sync } = controlledSync();
    const wal = new WalSync("/nowhere-wal", sync);
    wal.noteCommit();
    const first = wal.durable();
    wal.noteCommit();
    const second = wal.durable();
    calls[0]();
    await first;
    expect(await settled(second)).toBe(false);
    for (let i = 0; i < 5 && calls.length < 2; i++) await Promise.resolve();
    expect(calls).toHaveLength(2);
    calls[1]();
    await second;
  });

  it("with nothing committed since the last fsync, nothing waits", async () => {
    const { calls, sync } = controlledSync();
    const wal = new WalSync("/nowhere-wal", sync);
    await wal.durable();
    expect(calls).toHaveLength(0);
  });

  it("a failed fsync fails the write's acknowledgement", async () => {
    const wal = new WalSync("/nowhere-wal", () => Promise.reject(new Error("EIO")));
    wal.noteCommit();
    await expect(wal.durable()).rejects.toThrow("EIO");
  });

  it("flushes the real file through one kept handle, and waits for nothing while there is no WAL", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-sync-"));
    const file = path.join(dir, "db.sqlite-wal");
    const wal = new WalSync(file);
    const kept = () => (wal as unknown as { handle: { fd: number; sync(): Promise<void> } | null }).handle;
    try {
      // No WAL file yet: the write is acknowledged and nothing was opened.
      wal.noteCommit();
      await wal.durable();
      expect(kept()).toBeNull();

      fs.writeFileSync(file, "frames");
      wal.noteCommit();
      await wal.durable();
      const handle = kept();
      expect(handle?.fd).toBeGreaterThan(0);

      // Removed behind its back, the kept handle still flushes the file it opened: the same handle, synced again.
      const sync = vi.spyOn(handle!, "sync");
      fs.rmSync(file);
      wal.noteCommit();
      await wal.durable();
      expect(kept()).toBe(handle);
      expect(sync).toHaveBeenCalledTimes(1);

      // Nothing committed since: no further flush.
      await wal.durable();
      expect(sync).toHaveBeenCalledTimes(1);
    } finally {
      wal.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(kept()).toBeNull();
  });
});
