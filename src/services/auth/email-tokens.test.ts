import { describe, expect, test } from 'bun:test';
import { emailTokens } from '../../../db/schema';
import { makeApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { consumeEmailToken, newEmailToken, pruneEmailTokens } from './email-tokens';

const DAY = 86_400_000;

describe('e-mail link housekeeping', () => {
  test('links used or expired over a week ago are removed; recent and live ones stay and still work', async () => {
    const app = await makeApp();
    const db = app.deps.database.db;
    const p = await createPlayer(app);
    const now = new Date();
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const oldExpired = newEmailToken(p.userId, 'verify', at(10 * DAY)).row;
    const oldUsed = { ...newEmailToken(p.userId, 'reset', at(9 * DAY)).row, usedAt: at(8 * DAY), expiresAt: at(9 * DAY - 3_600_000) };
    const recentUsed = { ...newEmailToken(p.userId, 'reset', at(2 * DAY)).row, usedAt: at(2 * DAY) };
    const live = newEmailToken(p.userId, 'verify', now);
    await db.insert(emailTokens).values([oldExpired, oldUsed, recentUsed, live.row]);
    await pruneEmailTokens(db, now, true);
    const left = (await db.select().from(emailTokens)).map((r) => r.tokenHash).sort();
    expect(left).toEqual([recentUsed.tokenHash, live.row.tokenHash].sort());
    expect(await consumeEmailToken(db, live.raw, ['verify'], now)).toMatchObject({ userId: p.userId });
  });
});
