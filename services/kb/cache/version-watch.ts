/**
 * Reads the kb's content version (`kb_tree_version`, bumped in the transaction of every write
 * of concepts, names and attachments, on any replica) for the caches, one read at a time: a
 * caller arriving while a read is under way waits for the next one, which starts after it
 * arrived and so sees every write committed before its request, while a burst of concurrent
 * requests shares one statement.
 */
export class VersionWatch {
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  constructor(private readonly readVersion: () => Promise<number>) {}

  current(): Promise<number> {
    const running = this.running;
    if (running === undefined) return this.start();
    this.queued ??= running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued(): Promise<number> {
    this.queued = undefined;
    return this.start();
  }

  private start(): Promise<number> {
    const read = this.readVersion();
    this.running = read;
    const finished = () => {
      if (this.running === read) this.running = undefined;
    };
    read.then(finished, finished);
    return read;
  }
}
