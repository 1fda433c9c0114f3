/**
 * The hosts a crop may fetch its image from (CAPTURE_CROP_ALLOWED_HOSTS): exact names or
 * addresses (`images.mbari.org`, `10.1.2.3`), or `*.` followed by a domain for its subdomains
 * (`*.mbari.org`), compared without case. No list allows every host, as skimmer does.
 */
export class AllowedHosts {
  private readonly exact = new Set<string>();
  private readonly suffixes: string[] = [];

  constructor(patterns: readonly string[]) {
    const cleaned = patterns.map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ""),
    );
    for (const pattern of cleaned.filter(Boolean)) {
      if (pattern.startsWith("*.")) this.suffixes.push(pattern.slice(1));
      else this.exact.add(pattern);
    }
  }

  /** Whether a list was given: without one every host is allowed. */
  get restricted(): boolean {
    return this.exact.size > 0 || this.suffixes.length > 0;
  }

  allows(url: URL): boolean {
    if (!this.restricted) return true;
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    return this.exact.has(host) || this.suffixes.some((suffix) => host.endsWith(suffix));
  }
}
