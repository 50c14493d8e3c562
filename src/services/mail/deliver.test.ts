import { describe, expect, test } from 'bun:test';
import type { Logger } from '../../lib/logger';
import { deliverLater } from './deliver';
import type { Mailer } from './mail.port';

describe('a mail that fails', () => {
  test("is logged with the error's message, so the operator can act, and without credentials, address or link", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = { info: () => {}, error: (msg: string, f?: Record<string, unknown>) => void lines.push({ msg, ...f }) } as unknown as Logger;
    const failure = Object.assign(new Error('Message failed: 550 5.1.1 <alice@example.com> unknown user via smtps://mailer:s3cret@mail.example.com:465 for https://w.example.com/verify/email/tok123'), { code: 'EENVELOPE' });
    const mailer: Mailer = { send: async () => { throw failure; } };
    await deliverLater(mailer, logger, 'verify-email', { to: 'alice@example.com', subject: 's', text: 't', html: 'h' } as never);
    expect(lines).toEqual([{
      msg: 'mail failed', kind: 'verify-email', error: 'Error', code: 'EENVELOPE',
      message: 'Message failed: 550 5.1.1 <[e-mail]> unknown user via smtps://[redacted]@mail.example.com:465 for https://w.example.com/verify/email/[redacted]',
    }]);
  });
});
