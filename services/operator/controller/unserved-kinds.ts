/**
 * Optional kinds (the Prometheus operator's ServiceMonitor) that the cluster answered it does not
 * serve. A platform that does not ask for one still has none to clean up, so the clean-up skips
 * such a kind for a while instead of asking the API server for it, and its 404, on every
 * reconcile; it asks again after recheckMillis, in case the CRD was installed since.
 */
export const UNSERVED_KIND_RECHECK_MILLIS = 10 * 60_000;

export class UnservedKinds {
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly now: () => Date,
    private readonly recheckMillis = UNSERVED_KIND_RECHECK_MILLIS,
  ) {}

  /** True while `kind` was found not served less than recheckMillis ago. */
  skips(kind: string): boolean {
    const seen = this.seenAt.get(kind);
    if (seen === undefined) return false;
    if (this.now().getTime() - seen < this.recheckMillis) return true;
    this.seenAt.delete(kind);
    return false;
  }

  remember(kind: string): void {
    this.seenAt.set(kind, this.now().getTime());
  }
}
