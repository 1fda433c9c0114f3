import { readFileSync } from "node:fs";

/** Reads the running statement total that statement-tally.mjs serves from inside the m3 process. */
export class StatementTally {
  constructor(private readonly portFile: string) {}

  async total(): Promise<number> {
    const port = Number(readFileSync(this.portFile, "utf8"));
    const reply = await fetch(`http://127.0.0.1:${port}/`);
    return Number(await reply.text());
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
