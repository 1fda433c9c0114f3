/**
 * Write load for the fault tests: loops that create video sequences through the gateway while a
 * test breaks the database under them, recording every outcome with the phase it happened in
 * and the names of the writes that were acknowledged (200), to check afterwards that none is lost.
 */

export interface WriteOutcome {
  status: number | "timeout" | "network error";
  millis: number;
  retryAfter: string | null;
  message?: string;
}

export interface WriteTarget {
  base: string;
  token: string;
  /** An answer slower than this counts as a hang ("timeout"). */
  timeoutMillis: number;
}

/** One write: a new video sequence; its name is recorded when the write is acknowledged. */
export async function writeOnce(
  target: WriteTarget,
  name: string,
  acknowledged: Set<string>,
): Promise<WriteOutcome> {
  const started = performance.now();
  try {
    const reply = await fetch(`${target.base}/vam/v1/videosequences`, {
      method: "POST",
      headers: { Authorization: `Bearer ${target.token}` },
      body: new URLSearchParams({ name, camera_id: "fault-cam" }),
      signal: AbortSignal.timeout(target.timeoutMillis),
    });
    const body = (await reply.json()) as { message?: string };
    if (reply.status === 200) acknowledged.add(name);
    return {
      status: reply.status,
      millis: performance.now() - started,
      retryAfter: reply.headers.get("retry-after"),
      message: body.message,
    };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return {
      status: timedOut ? "timeout" : "network error",
      millis: performance.now() - started,
      retryAfter: null,
    };
  }
}

/** `writers` loops writing until stopped; every outcome is kept with the phase it happened in. */
export function startWriteLoad(target: WriteTarget, writers: number, acknowledged: Set<string>) {
  const outcomes: { phase: string; outcome: WriteOutcome }[] = [];
  let phase = "before";
  let running = true;
  let next = 0;
  const loops = Array.from({ length: writers }, async () => {
    while (running) {
      const current = phase;
      outcomes.push({ phase: current, outcome: await writeOnce(target, `fault-${next++}`, acknowledged) });
    }
  });
  return {
    outcomes,
    setPhase: (name: string) => {
      phase = name;
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The names of the acknowledged writes that the registry no longer has. */
export async function lostWrites(base: string, acknowledged: Set<string>): Promise<string[]> {
  const names = (await (await fetch(`${base}/vam/v1/videosequences/names`)).json()) as string[];
  const stored = new Set(names);
  return [...acknowledged].filter((name) => !stored.has(name));
}

export const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
