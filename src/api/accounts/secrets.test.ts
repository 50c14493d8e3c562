import { describe, expect, test } from 'bun:test';
import { call, makeApp, page } from '../../../tests/helpers/app';
import { outbox, registeredPlayer, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import type { Logger } from '../../lib/logger';
import { captchaAnswerHash, captchaKey } from '../../services/auth/captcha';

const CAPTCHA_ID = '00000000-0000-4000-8000-000000000001';

describe('no password, hash or token reaches a log or a response', () => {
  test('a whole account journey logs and answers none of them', async () => {
    const log: string[] = [];
    const logger: Logger = { info: (m, f) => log.push(JSON.stringify({ m, ...f })), error: (m, f) => log.push(JSON.stringify({ m, ...f })) };
    const app = await makeApp({}, { logger });
    const answers: string[] = [];
    const api = async (...a: Parameters<typeof call>) => {
      const r = await call(...a);
      answers.push(r.text);
      return r;
    };
    const password = 'Journey123!';
    const { token: session } = await registeredPlayer(app, 'journey@example.com', password);
    await api(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Jo', phoneNo: '5551234567', email: 'journey2@example.com', currentPassword: password }, { token: session });
    const change = tokenIn(await waitForMail(app, 'journey2@example.com', /Confirm/), '/verify/email');
    await api(app, 'POST', '/api/v1/verify/email', { token: change });
    await api(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: password, newPassword: 'Journey456!' }, { token: session });
    await api(app, 'GET', '/api/v1/user/details', undefined, { token: session });
    await api(app, 'POST', '/api/v1/login', { email: 'journey2@example.com', password: 'wrong-one' });
    await api(app, 'POST', '/api/v1/logout', undefined, { token: session });
    // A reset through the mailed link, and the link pages opened in a browser.
    await app.deps.store.set(captchaKey(CAPTCHA_ID), captchaAnswerHash(CAPTCHA_ID, 'AB23'), 60_000);
    await api(app, 'POST', '/api/v1/forget-password', { email: 'journey2@example.com', captchaId: CAPTCHA_ID, captcha: 'AB23' });
    const reset = tokenIn(await waitForMail(app, 'journey2@example.com', /Reset/), '/reset-password');
    await page(app, `/reset-password/${reset}`);
    await page(app, `/verify/email/${change}`);
    await api(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: 'Journey789!' });

    const hashes = (await rows(app, 'SELECT password_hash FROM users')).map((r) => String(r.password_hash));
    const logged = log.join('\n');
    const links = (await outbox(app)).flatMap((m) => [...m.text.matchAll(/\/(?:verify\/email|reset-password)\/([A-Za-z0-9_-]{43})/g)].map((x) => x[1]!));
    const secrets = [password, 'Journey456!', 'Journey789!', 'wrong-one', ...hashes, ...links, ...hashes.map((h) => h.split('$').pop()!)];
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(logged).toContain('/api/v1/reset-password/[redacted]');
    const answered = answers.join('\n');
    for (const s of secrets) {
      expect(logged).not.toContain(s);
      expect(answered).not.toContain(s);
    }
    // The session token appears only in the login answer itself, never in logs.
    expect(logged).not.toContain(session);
  });
});
