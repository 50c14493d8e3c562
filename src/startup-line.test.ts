import { expect, test } from 'bun:test';
import { loadConfig } from './config';
import { listeningFields } from './startup-line';

const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'c'.repeat(64), SMTP_URL: 'smtp://mail.example.com', DOCUMENT_KEY: 'd'.repeat(64), PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };

test('the start-up line names the site and, outside production with mail in the outbox, the dev mailbox', () => {
  expect(listeningFields(loadConfig({}), 3000)).toEqual({ url: 'http://localhost:3000', listen: '127.0.0.1:3000', mailbox: 'http://localhost:3000/dev/mailbox' });
  expect(listeningFields(loadConfig({ PUBLIC_URL: 'https://play.example.com/' }), 8080)).toEqual({ url: 'https://play.example.com', listen: '127.0.0.1:8080', mailbox: 'https://play.example.com/dev/mailbox' });
  // Mail leaves through SMTP: there is no mailbox to read.
  expect(listeningFields(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), 3000)).toEqual({ url: 'http://localhost:3000', listen: '127.0.0.1:3000' });
  // Two instances behind one PUBLIC_URL: each line says which port it took.
  expect(listeningFields(loadConfig({ ...prod, PUBLIC_URL: 'https://play.example.com' }), 3316)).toEqual({ url: 'https://play.example.com', listen: '0.0.0.0:3316' });
  expect(listeningFields(loadConfig({ ...prod, HOST: '::1' }), 3317).listen).toBe('[::1]:3317');
});
