// What a withdrawal needs beyond the money: tax details at the year's threshold, and the order the refusals come in.
import { describe, expect, test } from 'bun:test';
import { call, type TestApp } from '../../../tests/helpers/app';
import { identityApps } from '../../../tests/helpers/identity';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { turnOnTwoStep } from '../../../tests/helpers/two-step';

const { appWith, withdraw } = identityApps();
const rows = async (app: TestApp, sql: string, args: (string | number)[] = []) => (await app.deps.database.client.execute({ sql, args })).rows;

describe('tax details at the threshold, across a year boundary', () => {
  test('Dec 31 counts the year\'s withdrawals; Jan 1 starts afresh; saved details let it through and show only the last four', async () => {
    let clock = Date.UTC(2026, 11, 31, 12, 0, 0);
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '600' }, { now: () => clock });
    const p = await createPlayer(app);
    await fund(app, p.userId, 200_000);
    const first = await withdraw(app, p, 400);
    expect(first.status).toBe(200);
    await app.deps.database.client.execute({ sql: 'UPDATE withdrawals SET created_at = ? WHERE id = ?', args: [Date.UTC(2026, 11, 31, 11, 0), first.json.data.withdrawalId] });
    // $400 + $150 stays under $600; the next $100 would reach it.
    expect((await withdraw(app, p, 150)).status).toBe(200);
    const refused = await withdraw(app, p, 100);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ errorType: 'TAX_DETAILS_REQUIRED', link: '/verify-identity' });
    expect(refused.json.message).toContain('$600.00 or more in a calendar year');
    await app.deps.database.client.execute({ sql: 'UPDATE withdrawals SET created_at = ? WHERE user_id = ?', args: [Date.UTC(2026, 11, 31, 11, 0), p.userId] });
    clock = Date.UTC(2027, 0, 1, 0, 0, 1);
    expect((await withdraw(app, p, 100)).status).toBe(200);
    clock = Date.UTC(2026, 11, 31, 23, 59, 59);
    expect((await withdraw(app, p, 100)).json.errorType).toBe('TAX_DETAILS_REQUIRED');

    const bad = await call(app, 'POST', '/api/v1/identity/tax-details', { tin: '666-12-3456', confirmed: true, currentPassword: p.password }, { token: p.token });
    expect(bad.json.errors).toEqual([{ field: 'tin', message: 'Enter a valid 9-digit SSN or ITIN' }]);
    const unconfirmed = await call(app, 'POST', '/api/v1/identity/tax-details', { tin: '123-45-6789', currentPassword: p.password }, { token: p.token });
    expect(unconfirmed.json.errors).toEqual([{ field: 'confirmed', message: 'Confirm that this number is correct' }]);
    const saved = await call(app, 'POST', '/api/v1/identity/tax-details', { tin: '123-45-6789', confirmed: true, currentPassword: p.password }, { token: p.token });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain('123456789');
    expect(saved.text).not.toContain('123-45');
    const [t] = await rows(app, 'SELECT * FROM tax_details WHERE user_id = ?', [p.userId]);
    expect(JSON.stringify(t)).not.toContain('123456789');
    const status = await call(app, 'GET', '/api/v1/identity', undefined, { token: p.token });
    expect(status.json.data.tax).toEqual({ type: 'SSN', last4: '6789', masked: '•••-••-6789' });
    expect(status.text).not.toContain('12345');
    expect((await withdraw(app, p, 100)).status).toBe(200);
  });
});

describe('tax details at exactly the threshold', () => {
  const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
  const send = (app: TestApp, token: string, amount: number, totp?: string) =>
    call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount, tip: 0, ...(totp && { totp }) }, { token });

  test('a withdrawal that makes the year\'s total exactly $600 asks for tax details, in those words, before the two-step code', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '600' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 200_000);
    const { recoveryCodes } = await turnOnTwoStep(app, p, Date.now());
    expect((await send(app, p.token, 400, recoveryCodes[0])).status).toBe(200);
    // $400 + $200 = $600: the threshold itself. The player is told what is missing before being asked for a code.
    const at = await send(app, p.token, 200);
    expect([at.status, at.json.errorType, at.json.link]).toEqual([403, 'TAX_DETAILS_REQUIRED', '/verify-identity']);
    expect(at.json.message).toBe('Withdrawals of $600.00 or more in a calendar year need your tax details (SSN or ITIN) for the 1099 form. Add them on the Verify your identity page.');
    // A cent below it: no tax details needed, so the code is what is asked for next, and with one it goes through.
    const below = await send(app, p.token, 199.99);
    expect([below.status, below.json.errorType]).toEqual([401, 'TOTP_REQUIRED']);
    expect((await send(app, p.token, 199.99, recoveryCodes[1])).status).toBe(200);
    expect((await rows(app, 'SELECT sum(amount_cents) AS n FROM withdrawals WHERE user_id = ?', [p.userId]))[0]!.n).toBe(59_999);
    // Now any further withdrawal reaches it.
    expect((await send(app, p.token, 100, recoveryCodes[2])).json.errorType).toBe('TAX_DETAILS_REQUIRED');
  });
});

describe('the order of the refusals', () => {
  test('more than the wallet holds is said as such, before any identity or tax details are asked for', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'withdrawal', TAX_DETAILS_THRESHOLD_DOLLARS: '600' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 18_916);
    const short = await withdraw(app, p, 5_000);
    expect([short.status, short.json.errorType, short.json.message]).toEqual([409, 'INSUFFICIENT_FUNDS', 'Your wallet balance does not cover this withdrawal.']);
    // Within the balance, the identity is asked for as before.
    expect((await withdraw(app, p, 100)).json.errorType).toBe('IDENTITY_REQUIRED');
    const taxed = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '600' });
    const r = await createPlayer(taxed);
    await fund(taxed, r.userId, 11_337);
    const over = await withdraw(taxed, r, 700);
    expect([over.status, over.json.errorType]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect((await withdraw(taxed, r, 100)).status).toBe(200);
    expect((await rows(taxed, 'SELECT count(*) AS n FROM withdrawals WHERE user_id = ?', [r.userId]))[0]!.n).toBe(1);
  });
});
