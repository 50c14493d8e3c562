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

  test('a series held on to counts into the same series as inc and observe, and is rendered only once it has counted', () => {
    const by = createMetrics();
    const c = by.counter('x_total', 'Things.');
    const h = by.histogram('t_seconds', 'Time.', [0.01, 1]);
    const [count, time] = [c.series({ route: '/a', status: '200' }), h.series({ route: '/a' })];
    expect(by.render()).not.toContain('route=');
    count.inc();
    c.inc({ route: '/a', status: '200' });
    count.inc(2);
    for (const v of [0.005, 0.5, 3]) time.observe(v);
    h.observe({ route: '/a' }, 0.001);
    expect(c.get({ route: '/a', status: '200' })).toBe(4);
    const lines = by.render().split('\n');
    expect(lines).toContain('x_total{route="/a",status="200"} 4');
    expect(lines).toContain('t_seconds_bucket{route="/a",le="0.01"} 2');
    expect(lines).toContain('t_seconds_bucket{route="/a",le="1"} 3');
    expect(lines).toContain('t_seconds_bucket{route="/a",le="+Inf"} 4');
    expect(lines).toContain('t_seconds_count{route="/a"} 4');
  });

  test('a family name may be registered once', () => {
    const m = createMetrics();
    m.counter('dup', 'a');
    expect(() => m.gauge('dup', 'b')).toThrow('dup');
  });
});
