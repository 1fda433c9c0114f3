/** Counts the calls a binding is serving, so a shutdown can wait for them to finish. */
export class InFlightCalls {
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  get size(): number {
    return this.running;
  }

  enter(): void {
    this.running++;
  }

  leave(): void {
    this.running--;
    if (this.running === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Resolves once no call is running (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
