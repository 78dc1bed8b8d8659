import fs from "node:fs/promises";

// Group commit for SQLite (appeal night; docs/decisions/0033-appeal-night-group-commit.md). The connection runs
// with `synchronous = NORMAL`: a commit writes its frames to the WAL file without waiting for
// the disk, and so takes microseconds instead of an fsync (about 6 ms here) that blocked the
// event loop. What decision 18 (docs/decisions/0018-nothing-acknowledged-is-lost.md) promises is kept by the callers: a write is acknowledged only once an
// fsync of the WAL file, begun after its commit, has finished. That fsync runs on libuv's
// thread pool (the event loop goes on), and every commit made before it began shares it: under
// a wave of pledges, one flush covers a batch of them. A checkpoint moves frames into the
// database file only after SQLite itself has synced the WAL, then syncs the database file.

export class WalSync {
  /** Commits made so far (a sequence number). */
  private written = 0;
  /** Every commit up to this number is on disk. */
  private synced = 0;
  private running: Promise<void> | null = null;
  /** The WAL file, opened once: an open and a close for every fsync cost more than its wait. */
  private handle: fs.FileHandle | null = null;
  private readonly sync: (file: string) => Promise<void>;

  constructor(
    private readonly walPath: string,
    /** How the file is flushed (a test counts the calls); by default, through the kept handle. */
    sync?: (file: string) => Promise<void>,
    /** Told of each commit too (the checkpoint thread, wal-checkpointer.server.ts). */
    private readonly onCommit: () => void = () => {},
  ) {
    this.sync = sync ?? ((file) => this.syncKept(file));
  }

  /** The database is closing: the kept handle goes. */
  close(): void {
    const handle = this.handle;
    this.handle = null;
    void handle?.close().catch(() => {});
  }

  private async syncKept(file: string): Promise<void> {
    if (!this.handle) {
      try {
        this.handle = await fs.open(file, "r");
      } catch (error) {
        // No WAL file: everything was checkpointed into the database file, which SQLite synced.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
    }
    // SQLite deletes the WAL only when its last connection closes, and this one stays open
    // until close(): the handle names the file SQLite writes, also after a checkpoint restarts it.
    await this.handle.sync();
  }

  /** A commit happened on this database. */
  noteCommit(): void {
    this.written += 1;
    this.onCommit();
  }

  /** Waits until every commit made so far is on disk (one shared fsync for all who wait). */
  async durable(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      if (!this.running) {
        const covers = this.written;
        this.running = this.sync(this.walPath)
          .then(() => {
            this.synced = Math.max(this.synced, covers);
          })
          .finally(() => {
            this.running = null;
          });
      }
      await this.running;
    }
  }
}
