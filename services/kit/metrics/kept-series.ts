import type { Metric, MetricValueWithName, Registry } from "prom-client";

type Labels<L extends string> = Readonly<Record<L, string>>;
type Values = MetricValueWithName<string>[];

/** What a prom-client Registry reads from a metric to print it (its typings say less than it reads). */
export interface MetricSnapshot {
  name: string;
  help: string;
  type: "histogram" | "counter";
  aggregator: "sum";
  values: Values;
}

/** One label set of a KeptSeriesHistogram: observing is a bucket search and three additions. */
export interface HistogramSeries {
  observe(value: number): void;
}

/** One label set of a KeptSeriesCounter. */
export interface CounterSeries {
  inc(): void;
}

/**
 * Prometheus metrics whose label sets are looked up once and kept by the caller, so recording is
 * plain arithmetic: prom-client's Histogram and Counter validate and hash the label object on
 * every call, which was 4-6% of the CPU of a one-statement GET in the all-in-one. They register in
 * a prom-client Registry and print as prom-client's own metrics do (a test holds the texts equal);
 * the label sets live as long as the process, so they suit labels of bounded values (routes,
 * methods, status codes), as every Prometheus label must.
 */
abstract class KeptSeriesMetric<L extends string, S> {
  readonly aggregator = "sum" as const;
  private readonly kept = new Map<string, { labels: Labels<L>; series: S }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric<L>);
  }

  abstract readonly type: MetricSnapshot["type"];

  /** The series of these labels, made on first use. */
  series(labels: Labels<L>): S {
    const key = this.labelNames.map((name) => labels[name]).join("\u0000");
    let entry = this.kept.get(key);
    if (!entry) {
      entry = { labels: { ...labels }, series: this.newSeries() };
      this.kept.set(key, entry);
    }
    return entry.series;
  }

  async get(): Promise<MetricSnapshot> {
    const values: Values = [];
    for (const { labels, series } of this.kept.values()) this.appendValues(values, labels, series);
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.kept.clear();
  }

  protected abstract newSeries(): S;
  protected abstract appendValues(values: Values, labels: Labels<L>, series: S): void;
}

class Buckets implements HistogramSeries {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let index = 0;
    while (index < this.bounds.length && value > (this.bounds[index] ?? 0)) index++;
    if (index < this.counts.length) this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.sum += value;
    this.count++;
  }
}

export class KeptSeriesHistogram<L extends string> extends KeptSeriesMetric<L, Buckets> {
  readonly type = "histogram";
  private readonly bounds: readonly number[];

  constructor(options: {
    name: string;
    help: string;
    labelNames: readonly L[];
    buckets: readonly number[];
    registry: Registry;
  }) {
    super(options.name, options.help, options.labelNames, options.registry);
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }

  protected newSeries(): Buckets {
    return new Buckets(this.bounds);
  }

  protected appendValues(values: Values, labels: Labels<L>, series: Buckets): void {
    let cumulative = 0;
    this.bounds.forEach((bound, index) => {
      cumulative += series.counts[index] ?? 0;
      values.push({ labels: { le: bound, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
    });
    values.push({
      labels: { le: "+Inf", ...labels },
      value: series.count,
      metricName: `${this.name}_bucket`,
    });
    values.push({ labels, value: series.sum, metricName: `${this.name}_sum` });
    values.push({ labels, value: series.count, metricName: `${this.name}_count` });
  }
}

class Count implements CounterSeries {
  value = 0;

  inc(): void {
    this.value++;
  }
}

export class KeptSeriesCounter<L extends string> extends KeptSeriesMetric<L, Count> {
  readonly type = "counter";

  constructor(options: { name: string; help: string; labelNames: readonly L[]; registry: Registry }) {
    super(options.name, options.help, options.labelNames, options.registry);
  }

  protected newSeries(): Count {
    return new Count();
  }

  protected appendValues(values: Values, labels: Labels<L>, series: Count): void {
    values.push({ labels, value: series.value, metricName: this.name });
  }
}
