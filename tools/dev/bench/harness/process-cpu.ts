import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; 0 where there
 * is no /proc. CPU per request is less sensitive to other load on the machine than req/s.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of a process and of every process below it (the workers of a clustered
 * all-in-one), from /proc/<pid>/task/<tid>/children. A child that has exited is no longer
 * counted, so measure a tree whose processes live through the run.
 */
export function processTreeCpuSeconds(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + processCpuSeconds(each), 0);
}

function descendantsOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .split(" ")
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}
