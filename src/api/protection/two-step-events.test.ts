import { describe, expect, test } from 'bun:test';
import { call } from '../../../tests/helpers/app';
import { waitForMail } from '../../../tests/helpers/accounts';
import { createPlayer } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { NOT_YOU } from '../../services/mail/security-mails';

const WRONG = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('two-step verification in the security activity', () => {
  test('turning it on and off are TOTP_ENABLED and TOTP_DISABLED, each mailed; a wrong sign-in code is LOGIN_FAILED', async () => {
    const clock = testClock();
    const app = await makeClockedApp(clock);
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.now());
    await waitForMail(app, p.email, /Two-step verification turned on/);

    const wrong = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER', totp: '000000' }, { headers: { 'user-agent': WRONG } });
    expect(wrong.status).toBe(401);
    clock.step();
    expect((await call(app, 'POST', '/api/v1/user/2fa/disable', { totp: codeFor(secret, clock.now()) }, { token: p.token })).status).toBe(200);
    const off = await waitForMail(app, p.email, /Two-step verification turned off/);
    expect(off.text).toContain(NOT_YOU);

    const r = await call(app, 'GET', '/api/v1/user/security-events', undefined, { token: p.token });
    const types = r.json.events.map((e: any) => e.type);
    expect(types.slice(0, 3)).toEqual(['TOTP_DISABLED', 'LOGIN_FAILED', 'TOTP_ENABLED']);
    expect(r.json.events[1].device).toBe('Firefox on Linux');
  });
});
