import { describe, expect, test } from 'bun:test';
import { errorFields, redactMessage } from './redact';

describe('messages for logs', () => {
  test('a URL keeps its host but not its credentials', () => {
    expect(redactMessage('connect failed: smtps://mailer:s3cret@mail.example.com:465')).toBe('connect failed: smtps://[redacted]@mail.example.com:465');
    expect(redactMessage('redis://:hunter2@10.0.0.5:6379 refused')).toBe('redis://[redacted]@10.0.0.5:6379 refused');
  });

  test('tokens in a query, an Authorization value, one-time links and addresses are replaced', () => {
    expect(redactMessage('GET https://db.example.com/v2?authToken=abc.def&x=1')).toBe('GET https://db.example.com/v2?authToken=[redacted]&x=1');
    expect(redactMessage('sent header Authorization: token 0123456789abcdef')).toBe('sent header Authorization: token [redacted]');
    expect(redactMessage('link https://w.example.com/verify/email/AbC123xyz failed')).toBe('link https://w.example.com/verify/email/[redacted] failed');
    expect(redactMessage('link https://w.example.com/two-step/confirm/AbC123xyz failed')).toBe('link https://w.example.com/two-step/confirm/[redacted] failed');
    expect(redactMessage('550 5.1.1 <alice@example.com>: Recipient address rejected')).toBe('550 5.1.1 <[e-mail]>: Recipient address rejected');
  });

  test('only the first line, and a bounded length', () => {
    expect(redactMessage('first\n    at stack (file.ts:1)')).toBe('first');
    expect(redactMessage('x'.repeat(1000)).length).toBe(300);
  });

  test("errorFields: the class, the redacted message and a string code", () => {
    const e = Object.assign(new Error('Invalid login: 535 for mailer:pw@smtp.example.com'), { code: 'EAUTH' });
    expect(errorFields(e)).toEqual({ error: 'Error', message: 'Invalid login: 535 for [redacted]@smtp.example.com', code: 'EAUTH' });
    expect(errorFields('plain')).toEqual({ error: 'unknown', message: 'plain' });
  });
});
