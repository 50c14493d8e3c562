import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';

// A player's history grows without end: every read of it must go through an index to the rows it wants, or each
// transfer of a busy player costs a little more than the last (a P2P's receipt once read all their rows).
describe('history reads use an index, never a scan of the player’s rows', () => {
  test.each([
    ['a P2P receipt by the ID the player quotes', "SELECT uuid FROM transactions WHERE user_id = 'u' AND uuid = 'CR-X' AND type = 'P2P' AND direction = 'out' LIMIT 1", 'transactions_user_uuid_idx'],
    ['the All tab, newest first', "SELECT id FROM transactions WHERE user_id = 'u' ORDER BY created_at DESC, id DESC LIMIT 10", 'transactions_user_created_idx'],
    ['one type, newest first', "SELECT id FROM transactions WHERE user_id = 'u' AND type = 'P2P' ORDER BY created_at DESC, id DESC LIMIT 10", 'transactions_user_type_idx'],
  ])('%s', async (_name, sql, index) => {
    const app = await makeApp();
    const plan = (await app.deps.database.client.execute(`EXPLAIN QUERY PLAN ${sql}`)).rows.map((r) => String(r.detail));
    expect(plan.join(' | ')).toContain(`USING INDEX ${index}`);
  });
});
