/**
 * The one loop behind the server's background work (the mail sender, the Checkout queue, HMRC
 * submissions, scheduled newsletters). Each brings a `run` that does what is due now, taking its rows under a lease or
 * pace kept in the database, and says when it is worth running again (`waitUntil`, epoch
 * milliseconds: a rate limit's room, the next step due). The loop never knows what it runs:
 *
 * - a kick runs at once; runs never overlap, and a kick during a run makes one more after it;
 * - after a run, one timer kicks again at `waitUntil` (at most `maxWaitMs` ahead);
 * - a run that throws is logged and tried again after `retryMs`;
 * - once started, a poll every `pollMs` catches work queued by another instance;
 * - from SIGTERM on, nothing new starts (app/infra/shutdown.server.ts).
 *
 * Timers are unref'd, so they never keep a process alive on their own.
 */
import { now } from "./clock.server";
import { logger } from "./logger.server";
import { isDraining, onDrain } from "./shutdown.server";

/** What a run says when it returns. */
export interface WorkerRun {
  /** When to run again, sooner than the next poll (epoch milliseconds). */
  waitUntil?: number;
}

export interface BackgroundWorker {
  /** Runs now in the background. Never throws; settles when this run, and any it chained, is over. */
  kick(): Promise<void>;
  /** Once per process (more calls do nothing): a run now, then one every `pollMs`. */
  start(): void;
}

export interface WorkerOptions {
  /** Log event on a failed run, e.g. "mail.sender_failed". */
  failedEvent: string;
  failedMessage: string;
  run: () => Promise<WorkerRun | void>;
  pollMs: number;
  /** The furthest ahead a `waitUntil` timer is set (`pollMs` unless given). */
  maxWaitMs?: number;
  /** Added to each `waitUntil` timer, so the run finds the work due. */
  slackMs?: number;
  /** After a run that threw; without it, the next poll tries again. */
  retryMs?: number;
}

export function backgroundWorker(options: WorkerOptions): BackgroundWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;

  function kickAt(at: number): void {
    if (soon || isDraining()) return;
    soon = setTimeout(
      () => {
        soon = undefined;
        void kick();
      },
      Math.max(0, Math.min(at - now(), options.maxWaitMs ?? options.pollMs)) + (options.slackMs ?? 0),
    );
    soon.unref();
  }

  async function runUntilQuiet(): Promise<void> {
    do {
      again = false;
      try {
        const outcome = await options.run();
        if (outcome?.waitUntil !== undefined) kickAt(outcome.waitUntil);
      } catch (error) {
        logger.error({ event: options.failedEvent, err: error }, options.failedMessage);
        if (options.retryMs !== undefined) kickAt(now() + options.retryMs);
      }
    } while (again && !isDraining());
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilQuiet().finally(() => {
      running = null;
    });
    return running;
  }

  function start(): void {
    if (poll) return;
    poll = setInterval(() => void kick(), options.pollMs);
    poll.unref();
    onDrain(() => {
      clearInterval(poll);
      clearTimeout(soon);
    });
    void kick();
  }

  return { kick, start };
}
