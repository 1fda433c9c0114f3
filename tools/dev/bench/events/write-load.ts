import { randomUUID } from "node:crypto";

/** One annotation write: when it was sent, when its reply came, and its observation. */
export interface TimedWrite {
  sentAt: number;
  repliedAt: number;
  observationUuid: string;
}

export interface LoopResult {
  writes: TimedWrite[];
  seconds: number;
  failures: number;
}

export interface WriteRound {
  name: string;
  open: LoopResult;
  closed: LoopResult;
  /** Per reader, when each observation's notice arrived. */
  arrivals: Map<string, number>[];
  load: string;
}

async function writeOne(
  baseUrl: string,
  token: string,
  video: string,
  index: number,
): Promise<TimedWrite | undefined> {
  const sentAt = performance.now();
  const reply = await fetch(`${baseUrl}/anno/v1/annotations`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      video_reference_uuid: video,
      concept: "Nanomia",
      observer: "bench",
      elapsed_time_millis: index,
    }),
  });
  const body = (await reply.json()) as { observation_uuid?: string };
  if (reply.status !== 200 || !body.observation_uuid) return undefined;
  return { sentAt, repliedAt: performance.now(), observationUuid: body.observation_uuid };
}

/** Writes sent at a fixed rate whatever the replies do (open loop). */
export async function runOpenLoop(
  baseUrl: string,
  token: string,
  rate: number,
  seconds: number,
): Promise<LoopResult> {
  const video = randomUUID();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<TimedWrite | undefined>[] = [];
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(writeOne(baseUrl, token, video, index));
  }
  const done = await Promise.all(pending);
  const writes = done.filter((write) => write !== undefined);
  return { writes, seconds: (performance.now() - started) / 1000, failures: total - writes.length };
}

/** As many writes as `concurrency` writers get done in the time (closed loop). */
export async function runClosedLoop(
  baseUrl: string,
  token: string,
  concurrency: number,
  seconds: number,
): Promise<LoopResult> {
  const video = randomUUID();
  const writes: TimedWrite[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const writer = async () => {
    while (performance.now() < until) {
      const write = await writeOne(baseUrl, token, video, next++);
      if (write) writes.push(write);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  return { writes, seconds: (performance.now() - started) / 1000, failures };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));

/** The rounds as a markdown table: writes/s and latencies, then the notices' delivery. */
export function formatRounds(rounds: readonly WriteRound[]): string {
  const lines = [
    "| round | open loop writes/s | write p50 ms | write p99 ms | closed loop writes/s | notices seen | notice after reply p50 / p99 ms | notice after request p50 / p99 ms | load |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const round of rounds) {
    const latencies = round.open.writes.map((write) => write.repliedAt - write.sentAt).sort((a, b) => a - b);
    const afterReply: number[] = [];
    const afterRequest: number[] = [];
    let expected = 0;
    for (const arrivals of round.arrivals) {
      for (const write of round.open.writes) {
        expected++;
        const at = arrivals.get(write.observationUuid);
        if (at === undefined) continue;
        afterReply.push(at - write.repliedAt);
        afterRequest.push(at - write.sentAt);
      }
    }
    afterReply.sort((a, b) => a - b);
    afterRequest.sort((a, b) => a - b);
    const seen = round.arrivals.length === 0 ? "-" : `${afterReply.length}/${expected}`;
    lines.push(
      `| ${round.name} | ${(round.open.writes.length / round.open.seconds).toFixed(1)}${round.open.failures ? ` (${round.open.failures} failed)` : ""} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 99))} | ${(round.closed.writes.length / round.closed.seconds).toFixed(1)}${round.closed.failures ? ` (${round.closed.failures} failed)` : ""} | ${seen} | ${ms(percentile(afterReply, 50))} / ${ms(percentile(afterReply, 99))} | ${ms(percentile(afterRequest, 50))} / ${ms(percentile(afterRequest, 99))} | ${round.load} |`,
    );
  }
  return lines.join("\n");
}
