// A small Prometheus registry: counters, gauges and one histogram kind, rendered in the text exposition format
// (version 0.0.4). Hand-written because the figures are few and the format is simple; a library would bring
// a default registry shared by every app a test builds.

type Labels = Record<string, string>;
type Kind = 'counter' | 'gauge' | 'histogram';

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (l: Labels) => {
  const keys = Object.keys(l);
  return keys.length ? `{${keys.map((k) => `${k}="${escapeLabel(l[k]!)}"`).join(',')}}` : '';
};
// A series' key: names and values joined by control characters no label carries. Cheap, since every request
// looks up two series.
const keyOf = (l: Labels) => {
  let k = '';
  for (const name in l) k += name + '\u0001' + l[name] + '\u0002';
  return k;
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

type Family = { name: string; help: string; kind: Kind; render(): string[] };

export type Counter = {
  inc(labels?: Labels, by?: number): void;
  get(labels?: Labels): number;
  /** One series held on to: a caller that counts the same labels on every request skips the lookup. */
  series(labels: Labels): { inc(by?: number): void };
};
export type Gauge = { set(labels: Labels, value: number): void; get(labels?: Labels): number | undefined };
export type Histogram = {
  observe(labels: Labels, value: number): void;
  /** One series held on to, as Counter.series. */
  series(labels: Labels): { observe(value: number): void };
};

export type Metrics = {
  counter(name: string, help: string): Counter;
  /** `collect`, when given, is asked for the current values at every scrape (open sockets, lags). */
  gauge(name: string, help: string, collect?: () => [Labels, number][]): Gauge;
  histogram(name: string, help: string, buckets: number[]): Histogram;
  render(): string;
};

export function createMetrics(): Metrics {
  const families: Family[] = [];
  const add = (f: Family) => {
    if (families.some((x) => x.name === f.name)) throw new Error(`metric ${f.name} registered twice`);
    families.push(f);
  };
  return {
    counter(name, help) {
      const values = new Map<string, { labels: Labels; value: number }>();
      add({ name, help, kind: 'counter', render: () => [...values.values()].map((v) => `${name}${labelText(v.labels)} ${num(v.value)}`) });
      const entry = (labels: Labels) => {
        const k = keyOf(labels);
        let v = values.get(k);
        if (!v) values.set(k, (v = { labels, value: 0 }));
        return v;
      };
      return {
        inc(labels = {}, by = 1) {
          entry(labels).value += by;
        },
        get: (labels = {}) => values.get(keyOf(labels))?.value ?? 0,
        // Made on the first count, so a series no request reached is not rendered.
        series(labels) {
          let v: { value: number } | undefined;
          return { inc: (by = 1) => void ((v ??= entry(labels)).value += by) };
        },
      };
    },
    gauge(name, help, collect) {
      const values = new Map<string, { labels: Labels; value: number }>();
      const all = () => [...values.values()].map((v): [Labels, number] => [v.labels, v.value]).concat(collect?.() ?? []);
      add({ name, help, kind: 'gauge', render: () => all().map(([l, v]) => `${name}${labelText(l)} ${num(v)}`) });
      return {
        set: (labels, value) => void values.set(keyOf(labels), { labels, value }),
        get: (labels = {}) => all().find(([l]) => keyOf(l) === keyOf(labels))?.[1],
      };
    },
    histogram(name, help, buckets) {
      const sorted = [...buckets].sort((a, b) => a - b);
      const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
      add({
        name, help, kind: 'histogram',
        render: () => [...series.values()].flatMap((s) => {
          let cumulative = 0;
          const lines = sorted.map((le, i) => {
            cumulative += s.counts[i]!;
            return `${name}_bucket${labelText({ ...s.labels, le: num(le) })} ${cumulative}`;
          });
          lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
          lines.push(`${name}_sum${labelText(s.labels)} ${num(s.sum)}`, `${name}_count${labelText(s.labels)} ${s.count}`);
          return lines;
        }),
      });
      const entry = (labels: Labels) => {
        const k = keyOf(labels);
        let s = series.get(k);
        if (!s) series.set(k, (s = { labels, counts: sorted.map(() => 0), sum: 0, count: 0 }));
        return s;
      };
      const record = (s: { counts: number[]; sum: number; count: number }, value: number) => {
        for (let i = 0; i < sorted.length; i++) {
          if (value <= sorted[i]!) {
            s.counts[i]!++;
            break;
          }
        }
        s.sum += value;
        s.count++;
      };
      return {
        observe: (labels, value) => record(entry(labels), value),
        series(labels) {
          let s: ReturnType<typeof entry> | undefined;
          return { observe: (value) => record((s ??= entry(labels)), value) };
        },
      };
    },
    render() {
      const out: string[] = [];
      for (const f of families) out.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.kind}`, ...f.render());
      return out.join('\n') + '\n';
    },
  };
}
