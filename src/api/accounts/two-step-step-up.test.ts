import { beforeAll, describe, expect, test } from 'bun:test';
import { call, type TestApp } from '../../../tests/helpers/app';
import { rows } from '../../../tests/helpers/accounts';
import { gameAccounts } from '../../../tests/helpers/games';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { TOTP_INVALID_MESSAGE, TOTP_USED_MESSAGE, TOTP_REQUIRED_MESSAGE } from '../../shared/schemas/two-step';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await makeClockedApp(clock, { SANDBOX_PAYOUT_DELAY_S: '3600' });
});

type Step = {
  name: string;
  /** The call, with `totp` added when given. */
  send(p: TestPlayer, totp?: unknown): ReturnType<typeof call>;
  /** What the call would change, read back: it must be the same after a refusal. */
  state(p: TestPlayer): Promise<unknown>;
  /** Prepares a player for the call (money, a receiver). */
  prepare?(p: TestPlayer): Promise<void>;
};

let receiver: TestPlayer;
const withCode = (body: Record<string, unknown>, totp?: unknown) => (totp === undefined ? body : { ...body, totp });

const STEPS: Step[] = [
  {
    name: 'withdraw request',
    prepare: async (p) => void (await fund(app, p.userId, 20_000)),
    send: (p, totp) => call(app, 'POST', '/api/v1/withdraw/withdraw-request', withCode({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, totp), { token: p.token }),
    state: async (p) => [await available(app, p.userId), (await rows(app, 'SELECT count(*) AS n FROM withdrawals WHERE user_id = ?', [p.userId]))[0]!.n],
  },
  {
    name: 'P2P transfer',
    prepare: async (p) => void (await fund(app, p.userId, 5_000)),
    send: (p, totp) => call(app, 'POST', '/api/v1/transfer/p2p-transfer', withCode({ email: receiver.email, amount: 5 }, totp), { token: p.token }),
    state: async (p) => [await available(app, p.userId), await available(app, receiver.userId)],
  },
  {
    name: 'e-mail change',
    send: (p, totp) => call(app, 'PATCH', '/api/v1/user/update-profile', withCode({ name: 'Sam Player', phoneNo: '', email: `new.${p.email}`, currentPassword: p.password }, totp), { token: p.token }),
    state: async (p) => rows(app, 'SELECT email, pending_email, name FROM users WHERE id = ?', [p.userId]),
  },
  {
    // It hands over the game account and the credits in it.
    name: 'game password reset',
    prepare: async (p) => void (await gameAccounts(app, p)),
    send: async (p, totp) => call(app, 'PUT', `/api/v1/game/password/request-reset/${(await gameAccounts(app, p))['vblink']._id}`, withCode({ requestedPassword: 'Taken-over1' }, totp), { token: p.token }),
    // The list leaves the password out while two-step is on: read it as the reveal would.
    state: async (p) => app.deps.games.passwordOf(p.userId, (await gameAccounts(app, p))['vblink']._id),
  },
  {
    name: '2fa disable',
    send: (p, totp) => call(app, 'POST', '/api/v1/user/2fa/disable', withCode({}, totp), { token: p.token }),
    state: async (p) => [await rows(app, 'SELECT secret, enabled_at FROM user_totp WHERE user_id = ?', [p.userId]), await rows(app, 'SELECT count(*) AS n FROM totp_recovery_codes WHERE user_id = ?', [p.userId])],
  },
];

beforeAll(async () => {
  receiver = await createPlayer(app);
});

async function protectedPlayer(s: Step) {
  const p = await createPlayer(app);
  await s.prepare?.(p);
  const on = await turnOnTwoStep(app, p, clock.t);
  clock.step();
  return { p, ...on };
}

for (const s of STEPS) {
  describe(`step-up: ${s.name}`, () => {
    test('no code: 401 TOTP_REQUIRED, nothing changed', async () => {
      const { p } = await protectedPlayer(s);
      const before = await s.state(p);
      for (const totp of [undefined, '', '   ']) {
        const r = await s.send(p, totp);
        expect(r.status).toBe(401);
        expect(r.json).toMatchObject({ success: false, errorType: 'TOTP_REQUIRED', message: TOTP_REQUIRED_MESSAGE, errors: [{ field: 'totp', message: TOTP_REQUIRED_MESSAGE }] });
      }
      expect(await s.state(p)).toEqual(before);
    });

    test('wrong code, a code two steps old, and a used code: 401 TOTP_INVALID, nothing changed', async () => {
      const { p, secret } = await protectedPlayer(s);
      const before = await s.state(p);
      for (const totp of ['000000', codeFor(secret, clock.t - 60_000), 'abcde-fghij']) {
        const r = await s.send(p, totp);
        expect(r.status).toBe(401);
        expect(r.json).toMatchObject({ errorType: 'TOTP_INVALID', message: TOTP_INVALID_MESSAGE });
      }
      expect(await s.state(p)).toEqual(before);
    });

    test('the right code: done; the same code again is refused', async () => {
      const { p, secret } = await protectedPlayer(s);
      const before = await s.state(p);
      const code = codeFor(secret, clock.t);
      const r = await s.send(p, code);
      expect(r.status).toBe(200);
      const after = await s.state(p);
      expect(after).not.toEqual(before);
      if (s.name !== '2fa disable') {
        const again = await s.send(p, code);
        expect(again.json.errorType).toBe('TOTP_INVALID');
        // The code was right, only spent: the player is told to wait for the next one, not that it is wrong.
        expect(again.json).toMatchObject({ message: TOTP_USED_MESSAGE, errors: [{ field: 'totp', message: TOTP_USED_MESSAGE }] });
        expect(await s.state(p)).toEqual(after);
      }
    });

    test('a recovery code passes once', async () => {
      const { p, recoveryCodes } = await protectedPlayer(s);
      expect((await s.send(p, recoveryCodes[3])).status).toBe(200);
      if (s.name !== '2fa disable') expect((await s.send(p, recoveryCodes[3])).json.errorType).toBe('TOTP_INVALID');
    });

    test('with two-step off no code is asked', async () => {
      if (s.name === '2fa disable') return;
      const p = await createPlayer(app);
      await s.prepare?.(p);
      expect((await s.send(p)).status).toBe(200);
    });
  });
}

describe('step-up order', () => {
  test('bad input is answered first (400), without spending the code', async () => {
    const { p, secret } = await protectedPlayer(STEPS[0]!);
    const code = codeFor(secret, clock.t);
    const bad = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'nope', amount: 100, totp: code }, { token: p.token });
    expect(bad.status).toBe(400);
    expect((await STEPS[0]!.send(p, code)).status).toBe(200);
  });

  test('P2P to an unknown receiver is answered before the code is spent', async () => {
    const { p, secret } = await protectedPlayer(STEPS[1]!);
    const code = codeFor(secret, clock.t);
    const nobody = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: 'nobody@example.com', amount: 5, totp: code }, { token: p.token });
    expect(nobody.json.errorType).toBe('RECEIVER_NOT_FOUND');
    expect((await STEPS[1]!.send(p, code)).status).toBe(200);
  });

  test('saving the profile without changing the e-mail needs no code', async () => {
    const { p } = await protectedPlayer(STEPS[2]!);
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Kept Address', phoneNo: '', email: p.email }, { token: p.token });
    expect(r.status).toBe(200);
    expect((await rows(app, 'SELECT name FROM users WHERE id = ?', [p.userId]))[0]!.name).toBe('Kept Address');
  });

  test('a code used to sign in, offered again for a withdrawal in the same 30 s: wait for the next code', async () => {
    const { p, secret } = await protectedPlayer(STEPS[0]!);
    const code = codeFor(secret, clock.t);
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, totp: code })).status).toBe(200);
    const r = await STEPS[0]!.send(p, code);
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ errorType: 'TOTP_INVALID', message: TOTP_USED_MESSAGE, errors: [{ field: 'totp', message: TOTP_USED_MESSAGE }] });
    expect(TOTP_USED_MESSAGE).toContain('Wait for the next code (every 30 s)');
  });

  test('disable with the right code: the next sign-in needs no code', async () => {
    const { p, secret } = await protectedPlayer(STEPS[3]!);
    expect((await call(app, 'POST', '/api/v1/user/2fa/disable', { totp: codeFor(secret, clock.t) }, { token: p.token })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password })).status).toBe(200);
  });
});
