import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backgroundWorker, type WorkerRun } from "~/infra/background-worker.server";

// The one loop behind the mail sender, the Checkout queue, HMRC submissions and the newsletter
// scheduler: time is Vitest's fake timers, and a run is awaited through the kick's promise.

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-11-26T10:00:00.000Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run whose answers the test gives, one per call; it records how many run at once. */
function scriptedRun(answers: (WorkerRun | Error | (() => Promise<void>))[]) {
  const calls = { count: 0, atOnce: 0, mostAtOnce: 0 };
  const run = async (): Promise<WorkerRun | void> => {
    calls.count++;
    calls.atOnce++;
    calls.mostAtOnce = Math.max(calls.mostAtOnce, calls.atOnce);
    try {
      const answer = answers.shift() ?? {};
      if (answer instanceof Error) throw answer;
      if (typeof answer === "function") return await answer();
      return answer;
    } finally {
      calls.atOnce--;
    }
  };
  return { run, calls };
}

const options = { failedEvent: "test.failed", failedMessage: "The test worker failed", pollMs: 30_000 };

describe("the background worker", () => {
  it("never overlaps runs: kicks during a run make exactly one more run after it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { run, calls } = scriptedRun([() => held]);
    const worker = backgroundWorker({ ...options, run });
    const first = worker.kick();
    const second = worker.kick();
    const third = worker.kick();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    expect(calls.count).toBe(2);
    expect(calls.mostAtOnce).toBe(1);
  });

  it("runs again at the time a run asks for, not before", async () => {
    const { run, calls } = scriptedRun([{ waitUntil: Date.now() + 5_000 }]);
    const worker = backgroundWorker({ ...options, run, slackMs: 50 });
    await worker.kick();
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.count).toBe(2);
  });

  it("logs a failed run, never throws, and tries again after its retry delay", async () => {
    const { run, calls } = scriptedRun([new Error("database gone")]);
    const worker = backgroundWorker({ ...options, run, retryMs: 10_000 });
    await expect(worker.kick()).resolves.toBeUndefined();
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.count).toBe(2);
  });

  it("once started, runs at once and then every poll, and starting twice starts one loop", async () => {
    const { run, calls } = scriptedRun([]);
    const worker = backgroundWorker({ ...options, run });
    worker.start();
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.count).toBe(3);
  });
});
