/**
 * The put-backs of a domain's set-aside indexes and foreign keys, run one after another on a
 * connection of their own while the next tables load (the server builds one table's indexes
 * while it stores the next one's rows, as `m3 restore` does). `settle` waits for every one
 * and throws the first failure.
 */
export class IndexBuilds {
  private chain: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  schedule(build: () => Promise<void>): void {
    this.chain = this.chain.then(build).catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  async settle(): Promise<void> {
    await this.chain;
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure.error;
  }
}
