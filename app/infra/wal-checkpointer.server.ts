import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import { logger } from "./logger.server";

// Checkpoints off the event loop (appeal night; docs/performance.md). A SQLite connection in WAL
// mode checkpoints by itself once the WAL passes 1,000 pages: inside the commit that crosses the
// mark, it copies the pages into the database file and syncs both files, and in Node that commit
// runs on the one thread that answers every request. Under a wave of pledges that was every few
// dozen pledges, and a donor's answer waited for two fsyncs. Once a database has seen some
// commits, a worker thread with a connection of its own takes the checkpoints over: after a
// commit it runs a PASSIVE checkpoint (it never waits for, nor blocks, readers and the writer;
// what it cannot copy yet it copies next time), and the app's connection checkpoints by itself
// only past a far larger WAL, should the worker fall behind or fail. The guarantees are SQLite's
// own: a page reaches the database file only after the WAL is synced, and the file is synced
// after. A database with few commits (most tests, a quiet site) never starts the thread.

/** Commits before the worker starts: a quiet database keeps SQLite's own checkpoints. */
const START_AFTER_COMMITS = 200;
/** At most one checkpoint this often during a wave. */
const INTERVAL_MS = 100;
/** The app's connection still checkpoints by itself past this many WAL pages (about 80 MB). */
const FALLBACK_PAGES = 20_000;
const SQLITE_DEFAULT_PAGES = 1_000;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  const [row] = db.pragma("wal_checkpoint(PASSIVE)");
  parentPort.postMessage(row);
});
`;

export class WalCheckpointer {
  private commits = 0;
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failed = false;
  /** Checkpoints the worker has run (read by a test). */
  checkpoints = 0;

  constructor(
    private readonly file: string,
    private readonly sqlite: SQLite.Database,
    private readonly startAfterCommits = START_AFTER_COMMITS,
  ) {}

  /** A commit happened on this database. */
  noteCommit(): void {
    this.commits += 1;
    if (this.failed) return;
    if (!this.worker && this.commits >= this.startAfterCommits) this.start();
    if (this.worker && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.worker?.postMessage("checkpoint");
      }, INTERVAL_MS);
      this.timer.unref();
    }
  }

  private start(): void {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(WORKER, { eval: true, workerData: { file: this.file, driver } });
    worker.on("message", () => {
      this.checkpoints += 1;
    });
    worker.on("error", (error) => {
      logger.warn({ err: error }, "the WAL checkpoint thread failed; SQLite checkpoints by itself again");
      this.stop();
    });
    // After the listeners (a listener refs the port again): the thread never holds the process.
    worker.unref();
    this.worker = worker;
    this.sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  }

  private stop(): void {
    this.failed = true;
    this.worker = null;
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  }

  /** Before the app's connection closes: the worker closes its own. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker?.postMessage("close");
    this.worker = null;
  }
}
