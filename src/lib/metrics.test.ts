import { describe, expect, test } from 'bun:test';
import { createMetrics } from './metrics';

describe('Prometheus text rendering', () => {
  test('counters and gauges: HELP and TYPE once per family, labels escaped, a series per label set', () => {
    const m = createMetrics();
    const c = m.counter('x_total', 'Things.');
    c.inc({ route: '/a', status: '200' });
    c.inc({ route: '/a', status: '200' }, 2);
    c.inc({ route: 'quote " back \\ slash\nnew', status: '500' });
    m.gauge('y', 'Level.', () => [[{ job: 'j' }, 1.5]]).set({ job: 'k' }, 0);
    expect(m.render()).toBe([
      '# HELP x_total Things.',
      '# TYPE x_total counter',
      'x_total{route="/a",status="200"} 3',
      'x_total{route="quote \\" back \\\\ slash\\nnew",status="500"} 1',
      '# HELP y Level.',
      '# TYPE y gauge',
      'y{job="k"} 0',
      'y{job="j"} 1.5',
      '',
    ].join('\n'));
  });

  test('a histogram has cumulative buckets, +Inf equal to the count, and the sum', () => {
    const m = createMetrics();
    const h = m.histogram('t_seconds', 'Time.', [0.1, 0.01, 1]);
    for (const v of [0.005, 0.01, 0.05, 0.5, 3]) h.observe({ route: '/r' }, v);
    const lines = m.render().split('\n');
    expect(lines).toContain('t_seconds_bucket{route="/r",le="0.01"} 2');
    expect(lines).toContain('t_seconds_bucket{route="/r",le="0.1"} 3');
    expect(lines).toContain('t_seconds_bucket{route="/r",le="1"} 4');
    expect(lines).toContain('t_seconds_bucket{route="/r",le="+Inf"} 5');
    expect(lines).toContain('t_seconds_count{route="/r"} 5');
    expect(Number(lines.find((l) => l.startsWith('t_seconds_sum'))!.split(' ')[1])).toBeCloseTo(3.565);
  });

  test('a family name may be registered once', () => {
    const m = createMetrics();
    m.counter('dup', 'a');
    expect(() => m.gauge('dup', 'b')).toThrow('dup');
  });
});
