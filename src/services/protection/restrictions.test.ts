import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { activeRestriction, assertMayPlay, mayReceiveMarketing, readControls, startCoolOff, startSelfExclusion } from './restrictions';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
const client = () => app.deps.database.client;
const T0 = Date.parse('2026-08-31T10:00:00Z');

describe('restrictions in time', () => {
  test('a cool-off refuses until its last millisecond and no longer', async () => {
    const p = await createPlayer(app);
    await startCoolOff(client(), p.userId, '24h', T0);
    await expect(assertMayPlay(client(), p.userId, T0 + 86_400_000 - 1)).rejects.toMatchObject({ status: 403, errorType: 'COOL_OFF' });
    await expect(assertMayPlay(client(), p.userId, T0 + 86_400_000)).resolves.toBeUndefined();
  });

  test('6 months from Aug 31 ends on the last day of February; a year from then a year later', async () => {
    const p = await createPlayer(app);
    const c = await startSelfExclusion(client(), p.userId, '6m', T0);
    expect(new Date(c.selfExcludedUntil!).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    const q = await createPlayer(app);
    expect(new Date((await startSelfExclusion(client(), q.userId, '1y', T0)).selfExcludedUntil!).toISOString()).toBe('2027-08-31T10:00:00.000Z');
  });

  test('self-exclusion wins over a cool-off in the message; permanent never ends', async () => {
    const p = await createPlayer(app);
    await startCoolOff(client(), p.userId, '30d', T0);
    await startSelfExclusion(client(), p.userId, 'permanent', T0);
    const c = await readControls(client(), p.userId);
    expect(activeRestriction(c, T0 + 100 * 365 * 86_400_000)).toEqual({ kind: 'SELF_EXCLUDED', until: null });
  });
});

describe('marketing e-mail', () => {
  test('is allowed without a restriction and refused during a cool-off or self-exclusion', async () => {
    const free = await createPlayer(app);
    expect(await mayReceiveMarketing(client(), free.userId, T0)).toBe(true);
    const cooling = await createPlayer(app);
    await startCoolOff(client(), cooling.userId, '7d', T0);
    expect(await mayReceiveMarketing(client(), cooling.userId, T0 + 1)).toBe(false);
    expect(await mayReceiveMarketing(client(), cooling.userId, T0 + 7 * 86_400_000)).toBe(true);
    const excluded = await createPlayer(app);
    await startSelfExclusion(client(), excluded.userId, '6m', T0);
    expect(await mayReceiveMarketing(client(), excluded.userId, T0 + 1)).toBe(false);
  });
});
