import { describe, expect, test } from 'bun:test';
import { createLogger } from './logger';

describe('log lines', () => {
  test('a line from an info writer is the line info writes for the same fields', () => {
    const lines: string[] = [];
    const logger = createLogger(false, (l) => void lines.push(l));
    const fields = { method: 'GET', route: '/r', path: '/r "quoted"', status: 200, ms: 0.3, requestId: 'abc' };
    logger.info('request', fields);
    const members = JSON.stringify(fields).slice(1, -1);
    logger.infoWriter!('request')(members);
    expect(lines).toHaveLength(2);
    const [a, b] = lines.map((l) => JSON.parse(l));
    expect(b).toEqual({ ...a, t: b.t });
    expect(lines[1]!.replace(/"t":"[^"]+"/, '')).toBe(lines[0]!.replace(/"t":"[^"]+"/, ''));
    expect(lines.every((l) => l.endsWith('}\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
  });

  test('a silent logger writes nothing from a writer either', () => {
    const lines: string[] = [];
    const logger = createLogger(true, (l) => void lines.push(l));
    logger.info('x');
    logger.infoWriter!('x')('"a":1');
    expect(lines).toEqual([]);
  });
});
