/**
 * Concurrent calls with one key share one run: the first starts it, the others get its
 * result or its failure. Nothing is remembered once the run settles, so a failure is retried
 * by the next call.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Promise<T>>();

  get inFlight(): number {
    return this.flights.size;
  }

  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.flights.get(key);
    if (current) return current;
    const flight = Promise.resolve()
      .then(work)
      .finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    return flight;
  }
}
