/**
 * A bounded closed-loop load generator: N workers issue requests until a count is reached or,
 * when `seconds` is given, that much time has passed (whichever comes first).
 */

export interface LoadResult {
  name: string;
  requests: number;
  seconds: number;
  p50Millis: number;
  p99Millis: number;
  requestsPerSecond: number;
}

export async function runLoad(
  name: string,
  options: { requests: number; concurrency: number; seconds?: number },
  operation: (index: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const until = started + (options.seconds ?? Number.POSITIVE_INFINITY) * 1000;
  const worker = async () => {
    while (next < options.requests && performance.now() < until) {
      const index = next++;
      const begin = performance.now();
      await operation(index);
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    seconds,
    p50Millis: percentile(50),
    p99Millis: percentile(99),
    requestsPerSecond: latencies.length / seconds,
  };
}

export function formatResults(rows: readonly { result: LoadResult; floor: LoadResult }[]): string {
  const lines = [
    "| scenario | requests | p50 ms | p99 ms | req/s | floor p50 ms | floor p99 ms | floor req/s | throughput vs floor |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { result, floor } of rows) {
    lines.push(
      `| ${result.name} | ${result.requests} | ${result.p50Millis.toFixed(2)} | ${result.p99Millis.toFixed(2)} | ${result.requestsPerSecond.toFixed(0)} | ${floor.p50Millis.toFixed(2)} | ${floor.p99Millis.toFixed(2)} | ${floor.requestsPerSecond.toFixed(0)} | ${(result.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x |`,
    );
  }
  return lines.join("\n");
}
