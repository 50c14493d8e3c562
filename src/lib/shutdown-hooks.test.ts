import { describe, expect, test } from 'bun:test';
import { createShutdownHooks } from './shutdown-hooks';

describe('shutdown hooks', () => {
  test('run newest first; a failing or hanging hook is reported and the others still run', async () => {
    const hooks = createShutdownHooks();
    const ran: string[] = [];
    const errors: string[] = [];
    hooks.onShutdown(() => void ran.push('lease'));
    hooks.onShutdown(() => new Promise(() => {}));
    hooks.onShutdown(() => {
      throw new Error('broken');
    });
    const off = hooks.onShutdown(() => void ran.push('removed'));
    hooks.onShutdown(async () => void ran.push('last registered'));
    off();
    await hooks.run(50, (e) => errors.push((e as Error).message));
    expect(ran).toEqual(['last registered', 'lease']);
    expect(errors).toEqual(['broken', 'shutdown hook timed out']);
  });
});
