import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { outbox, registeredPlayer, rows, waitForMail } from '../../../tests/helpers/accounts';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../services/auth/captcha';
import { createLogger } from '../../lib/logger';

// A known address costs a write (and its sync) that an unknown one does not: an answer that waited for it would say,
// by its time alone, which addresses have accounts. Each write here is held until the test lets it go; the answer
// must come while it is held, and the write must still happen.

/** Holds every INSERT into a table matching `table` until `release()`. */
function holdWrites(app: TestApp, table: RegExp) {
  const client = app.deps.database.client as unknown as { execute: (...a: unknown[]) => Promise<unknown> };
  const execute = client.execute.bind(client);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  client.execute = async (...a: unknown[]) => {
    const stmt = a[0] as string | { sql: string };
    const sql = typeof stmt === 'string' ? stmt : stmt.sql;
    if (/^\s*insert/i.test(sql) && table.test(sql)) {
      held++;
      await gate;
    }
    return execute(...a);
  };
  return { release, held: () => held };
}

/** The answer, or 'waited' if it did not come within two seconds. */
const within = <T>(p: Promise<T>) => Promise.race([p, Bun.sleep(2000).then(() => 'waited' as const)]);

async function heldOnce(h: { held: () => number }) {
  for (let i = 0; i < 200 && h.held() === 0; i++) await Bun.sleep(10);
  expect(h.held()).toBe(1);
}

describe('whether an address has an account does not show in how long the answer takes', () => {
  test('forgot password: a known address is answered before its reset link is written; the link is still mailed', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'known@example.com');
    const hold = holdWrites(app, /email_tokens/);
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    const r = await within(call(app, 'POST', '/api/v1/forget-password', { email: 'known@example.com', captchaId: c.json.captchaId, captcha: 'K7MP' }));
    expect(r === 'waited' ? r : r.status).toBe(200);
    await heldOnce(hold);
    hold.release();
    await waitForMail(app, 'known@example.com', /reset/i);
  });

  test('forgot password raced by an e-mail change: no reset link is written or mailed for the address the account left', async () => {
    const app = await makeApp();
    const { user } = await registeredPlayer(app, 'leaving@example.com');
    const hold = holdWrites(app, /email_tokens/);
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: 'leaving@example.com', captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
    // The account was read with its old address; its change is confirmed before the link is written.
    await heldOnce(hold);
    await rows(app, "UPDATE users SET email = 'arrived@example.com' WHERE id = ?", [user._id]);
    hold.release();
    await Bun.sleep(100);
    expect(await rows(app, "SELECT token_hash FROM email_tokens WHERE user_id = ? AND purpose = 'reset'", [user._id])).toEqual([]);
    expect((await outbox(app)).filter((m) => /reset/i.test(m.subject))).toEqual([]);
  });

  test('resend verification: an unverified account is answered before its new link is written; the link is still mailed', async () => {
    const app = await makeApp();
    expect((await call(app, 'POST', '/api/v1/register', { email: 'waiting@example.com', password: 'Secret123!', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true })).status).toBe(201);
    await waitForMail(app, 'waiting@example.com', /Verify/);
    const hold = holdWrites(app, /email_tokens/);
    const r = await within(call(app, 'POST', '/api/v1/resend-verification-email', { email: 'waiting@example.com' }));
    expect(r === 'waited' ? r : r.status).toBe(200);
    await heldOnce(hold);
    hold.release();
    await waitForMail(app, 'waiting@example.com', /Verify/, 1);
  });

  test('login: a wrong password on a known address is answered before the failure is recorded; it is still recorded', async () => {
    const app = await makeApp();
    const { user } = await registeredPlayer(app, 'known2@example.com');
    const hold = holdWrites(app, /security_events/);
    const r = await within(call(app, 'POST', '/api/v1/login', { email: 'known2@example.com', password: 'Wrong123!x', userType: 'USER' }));
    expect(r === 'waited' ? r : r.status).toBe(401);
    await heldOnce(hold);
    hold.release();
    for (let i = 0; i < 100 && !(await rows(app, "SELECT id FROM security_events WHERE user_id = ? AND type = 'LOGIN_FAILED'", [user._id])).length; i++) await Bun.sleep(10);
    expect(await rows(app, "SELECT id FROM security_events WHERE user_id = ? AND type = 'LOGIN_FAILED'", [user._id])).toHaveLength(1);
  });
});

describe('registration answers a taken address after the same work as a new one', () => {
  /** Holds every write (one statement or a batch) whose SQL matches `table` until `release()`; counts those held. */
  function holdAllWrites(app: TestApp, table: RegExp) {
    const client = app.deps.database.client as unknown as Record<'execute' | 'batch', (...a: unknown[]) => Promise<unknown>>;
    const original = { execute: client.execute.bind(client), batch: client.batch.bind(client) };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held = 0;
    const sqlOf = (stmt: unknown) => (typeof stmt === 'string' ? stmt : String((stmt as { sql?: string }).sql ?? ''));
    const writes = (stmts: unknown[]) => stmts.some((x) => /^\s*insert/i.test(sqlOf(x)) && table.test(sqlOf(x)));
    const hold = async (stmts: unknown[]) => {
      if (!writes(stmts)) return;
      held++;
      await gate;
    };
    client.execute = async (...a) => (await hold([a[0]]), original.execute(...a));
    client.batch = async (...a) => (await hold(a[0] as unknown[]), original.batch(...a));
    return { held: () => held, release: () => (release(), Object.assign(client, original)) };
  }

  test('each answer waits for one durable write: the new account, or the notice queued for the owner', async () => {
    const app = await makeApp();
    const body = (email: string) => ({ email, password: 'Secret123!', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true });
    expect((await call(app, 'POST', '/api/v1/register', body('mine@example.com'))).status).toBe(201);
    for (const email of ['new-one@example.com', 'mine@example.com']) {
      const hold = holdAllWrites(app, /users|mail_queue/);
      let answered = false;
      const answer = call(app, 'POST', '/api/v1/register', body(email)).finally(() => (answered = true));
      await heldOnce(hold);
      // Held at its write: an answer that did not wait for it would come now (only the reply is left to do).
      await Bun.sleep(100);
      expect([email, answered]).toEqual([email, false]);
      hold.release();
      expect((await answer).status).toBe(201);
    }
    await waitForMail(app, 'mine@example.com', /You already have a/);
  });
});

describe('sign-in tells no one whether an unverified account exists', () => {
  test('the right password of an unverified account is answered before its fresh link is written; the link is still mailed', async () => {
    const app = await makeApp();
    expect((await call(app, 'POST', '/api/v1/register', { email: 'probed@example.com', password: 'Secret123!', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true })).status).toBe(201);
    await waitForMail(app, 'probed@example.com', /Verify/);
    const hold = holdWrites(app, /email_tokens/);
    const r = await within(call(app, 'POST', '/api/v1/login', { email: 'probed@example.com', password: 'Secret123!', userType: 'USER' }));
    expect(r === 'waited' ? r : [r.status, r.json.errorType]).toEqual([401, 'INVALID_CREDENTIALS']);
    await heldOnce(hold);
    hold.release();
    await waitForMail(app, 'probed@example.com', /Verify/, 1);
  });
});

describe('a write that fails after the answer', () => {
  test('is logged as other failures are: no address, no account id, no token hash in the line', async () => {
    const lines: string[] = [];
    const app = await makeApp({ LOG_LEVEL: 'info' }, { logger: createLogger(false, (l) => void lines.push(l)) });
    const { user } = await registeredPlayer(app, 'logged@example.com');
    // The queries fail as a full disk would fail them; drizzle's error quotes the statement and its parameters.
    const client = app.deps.database.client as unknown as { execute: (...a: unknown[]) => Promise<unknown> };
    const execute = client.execute.bind(client);
    client.execute = async (...a: unknown[]) => {
      const stmt = a[0] as string | { sql: string };
      const sql = typeof stmt === 'string' ? stmt : stmt.sql;
      if (/"email_tokens"|from "users"/i.test(sql)) throw new Error('SQLITE_FULL: database or disk is full');
      return execute(...a);
    };
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: 'logged@example.com', captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/resend-verification-email', { email: 'logged@example.com' })).status).toBe(200);
    for (let i = 0; i < 100 && lines.filter((l) => l.includes('"level":"error"')).length < 2; i++) await Bun.sleep(10);
    const errors = lines.filter((l) => l.includes('"level":"error"'));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const l of errors) {
      expect(l).not.toContain('logged@example.com');
      expect(l).not.toContain(user._id);
      expect(l).not.toContain('params:');
    }
  });
});
