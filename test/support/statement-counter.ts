/**
 * Counts the SQL statements mysql2 sends in this process, through its diagnostics channels
 * (mysql2 only publishes while someone listens, so it costs nothing elsewhere).
 */
import diagnosticsChannel from "node:diagnostics_channel";

/** Connection-pool health checks, not a request's work. */
const PING = /^\s*SELECT 1\s*$/i;
const CHANNELS = ["tracing:mysql2:query:start", "tracing:mysql2:execute:start"];

export interface StatementCounter {
  /** The statements sent while `work` ran. */
  during(work: () => Promise<unknown>): Promise<string[]>;
  stop(): void;
}

export function countStatements(): StatementCounter {
  let recording: string[] | undefined;
  const onStatement = (message: unknown) => {
    const sql = String((message as { query?: unknown }).query ?? "");
    if (recording !== undefined && !PING.test(sql)) recording.push(sql);
  };
  for (const channel of CHANNELS) diagnosticsChannel.subscribe(channel, onStatement);
  return {
    async during(work) {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = undefined;
      }
    },
    stop() {
      for (const channel of CHANNELS) diagnosticsChannel.unsubscribe(channel, onStatement);
    },
  };
}
