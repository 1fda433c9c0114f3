import { Gauge } from "prom-client";
import { metricsRegistry } from "./metrics-registry.js";

/** One value of a sampled gauge, with its labels. */
export interface GaugeSample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

/** Reads current values when Prometheus scrapes (a pool's size, a queue's length, a probe). */
export type GaugeSampler<L extends string> = () =>
  | readonly GaugeSample<L>[]
  | Promise<readonly GaugeSample<L>[]>;

/**
 * A gauge read at scrape time from whatever is tracked on it, so no code path has to keep it
 * up to date. Samples with the same labels add up (two capture services in one test process);
 * what closes stops being tracked and its series disappear.
 */
export class SampledGauge<L extends string> {
  private readonly samplers = new Set<GaugeSampler<L>>();

  constructor(config: { name: string; help: string; labelNames?: readonly L[] }) {
    const samplers = this.samplers;
    new Gauge<L>({
      name: config.name,
      help: config.help,
      labelNames: config.labelNames ?? [],
      registers: [metricsRegistry],
      async collect() {
        const sampled = await Promise.all([...samplers].map((sampler) => sampler()));
        this.reset();
        for (const sample of sampled.flat()) this.inc(sample.labels, sample.value);
      },
    });
  }

  /** Samples `sampler` at every scrape until the returned function is called. */
  track(sampler: GaugeSampler<L>): () => void {
    this.samplers.add(sampler);
    return () => {
      this.samplers.delete(sampler);
    };
  }
}
