import { describe, expect, test } from 'bun:test';
import { checkPassword, hashGate, hashPassword, verifyPassword } from './passwords';
import { createSemaphore } from './semaphore';

describe('semaphore', () => {
  test('runs at most `limit` tasks at once and the rest in arrival order', async () => {
    const gate = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await Bun.sleep(5);
          order.push(i);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(gate.active).toBe(0);
  });

  test('a failing task frees its slot', async () => {
    const gate = createSemaphore(1);
    await expect(gate.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('password hashing', () => {
  test('argon2id at the recorded parameters; verify tells right from wrong; garbage hashes just fail', async () => {
    const h = await hashPassword('Secret123!');
    expect(h).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(await verifyPassword('Secret123!', h)).toBe(true);
    expect(await verifyPassword('Secret123?', h)).toBe(false);
    expect(await verifyPassword('Secret123!', 'not-a-hash')).toBe(false);
    expect(await checkPassword('Secret123!', null)).toBe(false);
  });

  test('a burst of 12 hashes never runs more at once than the gate allows', async () => {
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashGate.active)), 1);
    await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`Burst${i}pass`)));
    clearInterval(watch);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(Math.min(4, navigator.hardwareConcurrency));
    expect(hashGate.active + hashGate.pending).toBe(0);
  });
});
