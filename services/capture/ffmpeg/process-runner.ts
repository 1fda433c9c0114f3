import { spawn } from "node:child_process";

export interface ProcessResult {
  /** null when the process was killed. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Output kept per stream: enough for ffmpeg's error lines, bounded against chatty inputs. */
const MAX_OUTPUT_CHARS = 64 * 1024;

/**
 * Runs a program without a shell (argv as given, so no URL can inject a command), and kills
 * it with SIGKILL once `timeoutMillis` has passed. Rejects only when the program cannot start.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  timeoutMillis: number,
): Promise<ProcessResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < MAX_OUTPUT_CHARS) stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMillis);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (exitCode) => {
      clearTimeout(timer);
      resolvePromise({ exitCode, stdout, stderr, timedOut });
    });
  });
}
