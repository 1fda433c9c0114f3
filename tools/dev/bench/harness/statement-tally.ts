import { readFileSync } from "node:fs";

/**
 * Reads the running statement totals that statement-tally.mjs serves from inside each m3
 * process (the all-in-one and its workers, one port per line of the file), summed.
 */
export class StatementTally {
  constructor(private readonly portFile: string) {}

  async total(): Promise<number> {
    const ports = readFileSync(this.portFile, "utf8").split("\n").filter(Boolean);
    const totals = await Promise.all(
      ports.map(async (port) => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text())),
    );
    return totals.reduce((sum, total) => sum + total, 0);
  }

  /**
   * The statements one call of `request` sends: the fewest of `runs` calls, since a
   * background statement (a pool check, another domain's timer) may fall into one of them.
   */
  async perRequest(request: () => Promise<unknown>, runs = 3): Promise<number> {
    let fewest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < runs; run++) {
      const before = await this.total();
      await request();
      fewest = Math.min(fewest, (await this.total()) - before);
    }
    return fewest;
  }
}
