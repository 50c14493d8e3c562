import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseMime } from '../../../tests/doubles/smtp';
import { composeMail, newBoundary, parseSender } from './mime';

const sender = parseSender('Coinreel <no-reply@coinreel.test>');
const at = { date: new Date('2026-11-26T22:10:20Z'), messageId: '<row-1@coinreel.test>', boundary: newBoundary() };
const compose = (m: Partial<Parameters<typeof composeMail>[1]>, s = sender) =>
  composeMail(s, { to: 'player@example.com', subject: 'You received credits', text: 'plain', html: '<p>html</p>', ...m }, at);

// The header block as name → unfolded value; a name that appears twice keeps both.
function headersOf(raw: string): [string, string][] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
}
// RFC 2047 B-words back to text, as a mail client shows them.
// Space between two encoded words is not part of the text (RFC 2047 §6.2); space next to plain text is.
const decodeWords = (v: string) =>
  v.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

describe('composeMail', () => {
  test('a multipart/alternative message with both parts, the envelope and the fixed headers', () => {
    const { envelope, raw } = compose({ text: 'You received $0.01.', html: '<p>You received <b>$0.01</b>.</p>' });
    expect(envelope).toEqual({ from: 'no-reply@coinreel.test', to: ['player@example.com'] });
    const h = Object.fromEntries(headersOf(raw));
    expect(h).toMatchObject({
      from: 'Coinreel <no-reply@coinreel.test>', to: 'player@example.com', subject: 'You received credits',
      date: 'Thu, 26 Nov 2026 22:10:20 +0000', 'message-id': '<row-1@coinreel.test>', 'mime-version': '1.0',
    });
    expect(h['content-type']).toBe(`multipart/alternative; boundary="${at.boundary}"`);
    expect(parseMime(raw)).toEqual({ subject: 'You received credits', text: 'You received $0.01.', html: '<p>You received <b>$0.01</b>.</p>' });
  });

  test('any text and HTML arrive unchanged, in lines of at most 78 characters ending in CRLF', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 600 }), fc.string({ unit: 'binary', maxLength: 3000 }), (text, html) => {
      const { raw } = compose({ text, html });
      const got = parseMime(raw);
      expect(got.text).toBe(text);
      expect(got.html).toBe(html);
      expect(raw.replaceAll('\r\n', '').includes('\n') || raw.replaceAll('\r\n', '').includes('\r')).toBe(false);
      expect(Math.max(...raw.split('\r\n').map((l) => l.length))).toBeLessThanOrEqual(78);
    }), { numRuns: 200 });
  });

  test('a subject and a sender name outside ASCII go as encoded words that read back the same', () => {
    const { raw } = compose({ subject: 'Crédits reçus — 🎉 merci' }, parseSender('Coinreel Café <no-reply@coinreel.test>'));
    const h = Object.fromEntries(headersOf(raw));
    expect(/^[\x20-\x7e]+$/.test(h.subject!) && /^[\x20-\x7e]+$/.test(h.from!)).toBe(true);
    expect(decodeWords(h.subject!)).toBe('Crédits reçus — 🎉 merci');
    expect(decodeWords(h.from!)).toBe('Coinreel Café <no-reply@coinreel.test>');
  });

  test('a sender name with specials is quoted; a plain one goes bare; a bare address has no name', () => {
    expect(Object.fromEntries(headersOf(compose({}, parseSender('"Coinreel, Inc." <a@coinreel.test>')).raw)).from).toBe('"Coinreel, Inc." <a@coinreel.test>');
    expect(Object.fromEntries(headersOf(compose({}, parseSender('Coinreel Support <a@coinreel.test>')).raw)).from).toBe('Coinreel Support <a@coinreel.test>');
    expect(Object.fromEntries(headersOf(compose({}, parseSender('a@coinreel.test')).raw)).from).toBe('a@coinreel.test');
  });

  test('a line break in the subject or the address cannot add a header', () => {
    const { raw, envelope } = compose({ subject: 'Hi\r\nBcc: thief@evil.test', to: 'player@example.com\nCc: thief@evil.test' });
    const names = headersOf(raw).map(([n]) => n);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('cc');
    expect(names.filter((n) => n === 'subject')).toHaveLength(1);
    expect(envelope.to).toHaveLength(1);
  });

  test('a long subject is folded at spaces and unfolds to the same text', () => {
    const subject = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const { raw } = compose({ subject });
    expect(raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n').every((l) => l.length <= 78)).toBe(true);
    expect(Object.fromEntries(headersOf(raw)).subject).toBe(subject);
  });

  test('MAIL_FROM without an address is refused', () => {
    expect(() => parseSender('Coinreel')).toThrow(/MAIL_FROM has no address/);
  });
});
