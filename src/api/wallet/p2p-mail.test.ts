import { expect, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import type { Mailer, MailMessage } from '../../services/mail/mail.port';

test("the receiver's e-mail is neither built nor sent while the sender waits for the answer", async () => {
  const sent: MailMessage[] = [];
  let releaseSend: () => void = () => {};
  // A mail server that never answers until told: if the answer waited on it, the call below would hang.
  const mailer: Mailer = { send: (m) => { sent.push(m); return new Promise<void>((r) => (releaseSend = r)); } };
  const app = await makeApp({}, { mailer });
  const [alice, bob] = [await createPlayer(app), await createPlayer(app)];
  await fund(app, alice.userId, 1_000);
  const r = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob.email, amount: 1 }, { token: alice.token });
  expect(r.status).toBe(200);
  expect(sent).toEqual([]);
  await Bun.sleep(5);
  expect(sent.map((m) => [m.to, m.subject])).toEqual([[bob.email, 'You received credits']]);
  releaseSend();
});
