import { describe, expect, test } from 'bun:test';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { createLogger } from '../../lib/logger';
import type { Mailer, MailMessage } from './mail.port';
import { createMailQueue, queueMailRow, type MailQueueOptions } from './mail-queue';

const render = (kind: string, to: string, data: Record<string, unknown>): MailMessage => ({ to, subject: kind, text: String(data.n), html: `<p>${String(data.n)}</p>` });

async function setUp(count: number) {
  const { client } = await ledgerDb();
  for (let i = 0; i < count; i++) await client.execute(queueMailRow({ kind: 'test', to: `p${i}@example.com`, lang: 'en', data: { n: i } }, Date.now()));
  return client;
}

const queueOf = (o: Partial<MailQueueOptions> & Pick<MailQueueOptions, 'client' | 'mailer'>) =>
  createMailQueue({ logger: createLogger(true), render, host: 'example.com', batch: 7, ...o });

describe('the mail queue', () => {
  test('sends every queued mail once, under a Message-ID from its row, and marks it sent', async () => {
    const client = await setUp(20);
    const sent: MailMessage[] = [];
    const q = queueOf({ client, mailer: { send: async (m) => void sent.push(m) } });
    expect(await q.drain()).toBe(20);
    expect(sent.map((m) => Number(m.text)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const rows = (await client.execute('SELECT id, sent_at FROM mail_queue')).rows;
    expect(new Set(sent.map((m) => m.messageId))).toEqual(new Set(rows.map((r) => `<${String(r.id)}@example.com>`)));
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    expect(await q.drain()).toBe(0);
    expect(sent).toHaveLength(20);
  });

  test('two workers draining at the same time never send the same row', async () => {
    const client = await setUp(30);
    const sent: string[] = [];
    // A slow mail server, so both workers are mid-batch together.
    const mailer: Mailer = { send: async (m) => { await Bun.sleep(5); sent.push(m.messageId!); } };
    const [a, b] = [queueOf({ client, mailer }), queueOf({ client, mailer })];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  test('a failed send is not marked and goes again later; a row claimed by a worker that died goes once its lease ends', async () => {
    const client = await setUp(2);
    let clock = 1_000_000_000_000;
    let down = true;
    const sent: string[] = [];
    const mailer: Mailer = { send: async (m) => { if (down) throw Object.assign(new Error('connection refused'), { code: 'ECONNECTION' }); sent.push(m.messageId!); } };
    const logged: string[] = [];
    const q = createMailQueue({ client, mailer, render, host: 'example.com', logger: createLogger(false, (l) => logged.push(l)), now: () => clock, leaseMs: 10_000 });
    expect(await q.drain()).toBe(0);
    // One line for the batch that failed, not one per mail, naming how many and why.
    const failures = logged.filter((l) => l.includes('mail failed')).map((l) => JSON.parse(l));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ count: 2, of: 2, kinds: 'test', code: 'ECONNECTION', message: 'connection refused' });
    down = false;
    expect(await q.drain()).toBe(0); // waiting out the pause after a failure
    clock += 31_000;
    expect(await q.drain()).toBe(2);
    // A worker claimed a new row and died before sending it.
    await client.execute(queueMailRow({ kind: 'test', to: 'late@example.com', lang: 'en', data: { n: 9 } }, clock));
    await client.execute({ sql: 'UPDATE mail_queue SET claimed_until = ? WHERE sent_at IS NULL', args: [clock + 10_000] });
    expect(await q.drain()).toBe(0);
    clock += 10_000;
    expect(await q.drain()).toBe(1);
    expect(sent).toHaveLength(3);
  });
});

describe('the mail queue while money is moving', () => {
  test('one batch per pause while busy, the rest as soon as it is not; drain sends everything whatever the load', async () => {
    const client = await setUp(10);
    const sent: string[] = [];
    let busy = true;
    const q = queueOf({ client, mailer: { send: async (m) => void sent.push(m.messageId!) }, batch: 3, busy: () => busy, busyPauseMs: 60 });
    // Woken while busy: nothing at once, one batch after the pause (marked sent at once), then one per pause.
    q.wake();
    await Bun.sleep(20);
    expect(sent).toHaveLength(0);
    await Bun.sleep(60);
    expect(sent).toHaveLength(3);
    expect(Number((await client.execute('SELECT count(*) FROM mail_queue WHERE sent_at IS NOT NULL')).rows[0]![0])).toBe(3);
    await Bun.sleep(60);
    expect(sent).toHaveLength(6);
    // Money stops moving: the next turn sends all that is left.
    busy = false;
    await Bun.sleep(80);
    expect(sent).toHaveLength(10);
    await q.stop();
  });

  test('drain ignores the load; a stopped queue leaves no timer behind', async () => {
    const client = await setUp(8);
    const sent: string[] = [];
    const q = queueOf({ client, mailer: { send: async (m) => void sent.push(m.messageId!) }, batch: 3, busy: () => true, busyPauseMs: 50 });
    expect(await q.drain()).toBe(8);
    q.wake();
    await q.stop();
    await Bun.sleep(80);
    expect(sent).toHaveLength(8);
    expect(new Set(sent).size).toBe(8);
  });
});
