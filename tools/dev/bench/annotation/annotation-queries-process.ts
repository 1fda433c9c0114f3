/**
 * What the annotation query benchmark measures around m3's processes: peak memory (from
 * /proc, Linux only) and a download read as a stream, counting TSV lines without keeping them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";

function statusKilobytes(pid: number, field: "VmHWM" | "VmRSS"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

/**
 * The peak resident memory of a process over a stretch of time. The kernel's high-water mark
 * (VmHWM) is reset at the start (writing 5 to clear_refs) so it covers only this stretch; RSS
 * is also sampled every 20 ms in case the reset is not allowed.
 */
export class PeakMemory {
  private sampledKb = 0;
  private timer: NodeJS.Timeout | undefined;
  private resetWorked = false;

  constructor(private readonly pid: number) {}

  start(): void {
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, "5");
      this.resetWorked = true;
    } catch {
      this.resetWorked = false;
    }
    this.sampledKb = statusKilobytes(this.pid, "VmRSS");
    this.timer = setInterval(() => {
      this.sampledKb = Math.max(this.sampledKb, statusKilobytes(this.pid, "VmRSS"));
    }, 20);
  }

  /** The peak in MB since start(). */
  stop(): number {
    clearInterval(this.timer);
    const highWater = this.resetWorked ? statusKilobytes(this.pid, "VmHWM") : 0;
    return Math.max(this.sampledKb, highWater) / 1024;
  }
}

/**
 * POSTs a JSON body and counts the lines of the streamed reply, which is never held whole;
 * undefined when the route answers 404 (not built yet).
 */
export function countDownloadedLines(port: number, path: string, body: unknown): Promise<number | undefined> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (response) => {
        if (response.statusCode === 404) {
          response.resume();
          response.on("end", () => resolve(undefined));
          return;
        }
        if (response.statusCode !== 200) {
          let text = "";
          response.on("data", (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on("end", () =>
            reject(new Error(`POST ${path}: ${response.statusCode} ${text.slice(0, 500)}`)),
          );
          return;
        }
        let lines = 0;
        response.on("data", (chunk: Buffer) => {
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        response.on("end", () => resolve(lines));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
