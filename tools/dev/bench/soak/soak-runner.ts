/**
 * The soak benchmark's open loop: requests are started on a fixed schedule (rate per second),
 * whether or not earlier ones have answered, so a slow server meets a growing backlog as it
 * would in production instead of slowing the client down. Beyond maxOutstanding unanswered
 * requests a scheduled one is refused (the caller counts it as an error).
 */

export interface OpenLoopOptions {
  ratePerSecond: number;
  minutes: number;
  maxOutstanding: number;
  /** How long to wait for the last answers after the schedule ends. */
  drainMillis: number;
  /** Starts one request scheduled at a performance.now() time; the promise settles when it is done. */
  send(scheduledAt: number): Promise<void>;
  /** A scheduled request not sent because maxOutstanding were unanswered. */
  refuse(scheduledAt: number): void;
  /** Called every sampleMillis, and at the end of each minute (the last one after the drain). */
  sampleMillis: number;
  onSample(): void;
  onMinute(outstanding: number): void;
}

const MINUTE_MILLIS = 60_000;
/** How often the schedule is checked: well under the 10 ms between requests at 100 req/s. */
const TICK_MILLIS = 2;

/** Runs the schedule to its end and the drain; resolves with the seconds it took. */
export async function runOpenLoop(options: OpenLoopOptions): Promise<number> {
  const started = performance.now();
  const endAt = started + options.minutes * MINUTE_MILLIS;
  const intervalMillis = 1000 / options.ratePerSecond;
  let issued = 0;
  let outstanding = 0;
  const issue = (scheduledAt: number) => {
    if (outstanding >= options.maxOutstanding) {
      options.refuse(scheduledAt);
      return;
    }
    outstanding++;
    void options.send(scheduledAt).finally(() => {
      outstanding--;
    });
  };
  await new Promise<void>((resolve) => {
    let nextMinuteAt = started + MINUTE_MILLIS;
    let nextSampleAt = started + options.sampleMillis;
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.floor((Math.min(now, endAt) - started) / intervalMillis);
      while (issued < due) issue(started + issued++ * intervalMillis);
      if (now >= nextSampleAt) {
        options.onSample();
        nextSampleAt += options.sampleMillis;
      }
      if (now >= endAt) {
        clearInterval(timer);
        resolve();
      } else if (now >= nextMinuteAt) {
        options.onMinute(outstanding);
        nextMinuteAt += MINUTE_MILLIS;
      }
    }, TICK_MILLIS);
  });
  const drainUntil = performance.now() + options.drainMillis;
  while (outstanding > 0 && performance.now() < drainUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  options.onMinute(outstanding);
  return (performance.now() - started) / 1000;
}
