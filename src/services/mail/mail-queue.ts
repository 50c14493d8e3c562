import type { Client, InStatement } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import { appendRows } from '../ledger/append-rows';
import { errorFields } from '../../lib/redact';
import type { Mailer, MailMessage } from './mail.port';
import type { Lang } from '../../i18n/lang';

/**
 * A mail to send once the transaction that wrote it commits: its kind names the template, `data` fills it, `lang` is
 * the language it is written in (the receiver's saved one, or for a mail about a registration the page's).
 */
export type QueuedMail = { kind: string; to: string; lang: Lang; data: Record<string, unknown> };
export type RenderMail = (kind: string, to: string, data: Record<string, unknown>) => MailMessage;

/** The row that queues `mail`, for the statements of the event it tells of (so a crash loses neither or both). */
export function queueMailRow(mail: QueuedMail, now: number): InStatement {
  return appendRows({
    sql: 'INSERT INTO mail_queue (id, kind, to_address, data, created_at) VALUES (?, ?, ?, ?, ?)',
    args: [Bun.randomUUIDv7(), mail.kind, mail.to, JSON.stringify({ ...mail.data, lang: mail.lang }), now],
  });
}

/**
 * The same for a mail to a player, in their saved language and, unless `to` names another address, to theirs, both
 * read from their row by the same statement (the caller need not have read it): the deposit, withdrawal and
 * security notices, written with the event they tell of. A queued mail is composed later, by a worker that any
 * request may have woken: the language must travel in the row, never come from a request.
 */
export function queueMailToPlayer(mail: { kind: string; userId: string; to?: string; data: Record<string, unknown> }, now: number): InStatement {
  const data = JSON.stringify(mail.data);
  if (mail.to !== undefined)
    return {
      sql: `INSERT INTO mail_queue (id, kind, to_address, data, created_at)
            VALUES (?, ?, ?, json_set(?, '$.lang', coalesce((SELECT language FROM users WHERE id = ?), 'en')), ?)`,
      args: [Bun.randomUUIDv7(), mail.kind, mail.to, data, mail.userId, now],
    };
  return {
    sql: `INSERT INTO mail_queue (id, kind, to_address, data, created_at) SELECT ?, ?, email, json_set(?, '$.lang', coalesce(language, 'en')), ? FROM users WHERE id = ?`,
    args: [Bun.randomUUIDv7(), mail.kind, data, now, mail.userId],
  };
}

/**
 * A notice's words as rows queued before the money mails had their own kinds carried them (English, written with
 * the event): still sent as written.
 */
export type QueuedNotice = { subject: string; heading: string; paragraphs: string[]; /** A path on the site. */ action?: { label: string; path: string } };

/** The Message-ID of a queued row: the same on every attempt, so a receiving server can drop a repeat. */
export const messageIdOf = (rowId: string, host: string) => `<${rowId}@${host}>`;

export type MailQueue = {
  /** A new row was committed: send soon (the worker runs after the current answers, never inside them). */
  wake(): void;
  /** Sends what is due now; resolves with how many were sent (tests and shutdown). */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export type MailQueueOptions = {
  client: Client;
  mailer: Mailer;
  logger: Logger;
  render: RenderMail;
  /** The host part of Message-IDs (the site's own). */
  host: string;
  /** How long a claimed row is this worker's before another may take it again (a crash mid-send). */
  leaseMs?: number;
  batch?: number;
  /** How often unsent rows left by a crash or a failed send are looked for. */
  pollMs?: number;
  /** True while money is moving: the worker then sends one batch per `busyPauseMs` and the rest once it stops. */
  busy?: () => boolean;
  busyPauseMs?: number;
  now?: () => number;
};

/**
 * The worker that sends queued mail, on every instance. A batch of due rows is claimed with one conditional
 * UPDATE (`claimed_until` set, only where unsent and unclaimed or past its lease), so two instances never send
 * the same row at once; the batch goes out over the mailer's pooled connection; the sent rows are marked in the
 * same transaction as the next claim. Order: claim, send, mark. A crash after the SMTP server took a message and before the mark sends it
 * again once the lease runs out (at-least-once), with the same Message-ID for the receiver to drop it; marking
 * first would instead lose that mail for good (docs/decisions/mail-queue.md).
 */
export function createMailQueue(o: MailQueueOptions): MailQueue {
  // Far longer than a batch takes over a pooled connection, short enough that a crashed instance's batch goes out soon.
  const leaseMs = o.leaseMs ?? 10_000;
  const size = o.batch ?? 100;
  const now = o.now ?? Date.now;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let resume: ReturnType<typeof setTimeout> | null = null;
  const pauseMs = o.busyPauseMs ?? 1_000;
  const busy = () => !stopped && (o.busy?.() ?? false);
  /** Runs again once the pause is over (one timer at a time), when the worker yielded to moving money. */
  const later = () => {
    resume ??= setTimeout(() => {
      resume = null;
      void run();
    }, pauseMs);
  };

  // The marks of the last batch sent, written in the same transaction as the next claim: one commit (one fsync on an
  // embedded file, one request on a libSQL server) per batch instead of two.
  let marks: InStatement[] = [];

  async function once(): Promise<{ claimed: number; sent: number }> {
    const at = now();
    const claim: InStatement = {
      sql: `UPDATE mail_queue SET claimed_until = ?1 WHERE id IN (
              SELECT id FROM mail_queue WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?2) ORDER BY created_at LIMIT ?3)
            AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?2)
            RETURNING id, kind, to_address, data`,
      args: [at + leaseMs, at, size],
    };
    const written = await o.client.batch([...marks, claim], 'write');
    marks = [];
    const claimed = written.at(-1)!;
    if (!claimed.rows.length) return { claimed: 0, sent: 0 };
    const sent: string[] = [];
    const failed: string[] = [];
    let firstError: unknown;
    const failedKinds = new Set<string>();
    await Promise.all(claimed.rows.map(async (r) => {
      const id = String(r.id);
      try {
        const m = o.render(String(r.kind), String(r.to_address), JSON.parse(String(r.data)) as Record<string, unknown>);
        await o.mailer.send({ ...m, messageId: messageIdOf(id, o.host) });
        sent.push(id);
      } catch (e) {
        failed.push(id);
        firstError ??= e;
        failedKinds.add(String(r.kind));
      }
    }));
    // One line for a batch that failed, not one per mail: a mail server outage would otherwise flood the log.
    if (failed.length) o.logger.error('mail failed', { count: failed.length, of: claimed.rows.length, kinds: [...failedKinds].join(','), ...errorFields(firstError) });
    const done = now();
    if (sent.length) marks.push({ sql: `UPDATE mail_queue SET sent_at = ? WHERE id IN (${sent.map(() => '?').join(', ')})`, args: [done, ...sent] });
    // A failed send is tried again after a pause rather than at once.
    if (failed.length) marks.push({ sql: `UPDATE mail_queue SET claimed_until = ? WHERE id IN (${failed.map(() => '?').join(', ')}) AND sent_at IS NULL`, args: [done + 30_000, ...failed] });
    return { claimed: claimed.rows.length, sent: sent.length };
  }

  /**
   * Claims and sends until a claim finds nothing due (that last claim writes the marks of the batch before it).
   * While money is moving, one batch and a pause: composing and sending a mail costs more CPU than the transfer that
   * queued it, and the requests that move money share the core with this worker (docs/decisions/mail-queue.md).
   * `drain` sends everything whatever the load.
   */
  async function loop(all: boolean): Promise<number> {
    let total = 0;
    for (;;) {
      again = false;
      try {
        const n = await once();
        total += n.sent;
        if (n.claimed === 0 && !again) break;
        // Stopping: the marks of what was just sent are written by one last claim.
        if (stopped && !marks.length) break;
        if (!all && busy()) {
          // The batch's marks now rather than with a claim a pause away: a crash meanwhile would send it again.
          if (marks.length) await o.client.batch(marks, 'write');
          marks = [];
          later();
          break;
        }
      } catch (e) {
        o.logger.error('mail queue failed', errorFields(e));
        break;
      }
    }
    return total;
  }

  function run(all = false): Promise<number> {
    if (running) {
      again = true;
      return all ? running.then(() => run(true)) : running;
    }
    running = loop(all).finally(() => (running = null));
    return running;
  }

  return {
    // After the answers of this turn are out: a burst of transfers is sent as one batch.
    wake: () => {
      if (stopped || running) return void (again = true);
      if (busy()) return later();
      setTimeout(() => void run(), 0);
    },
    drain: () => run(true),
    start() {
      stopped = false;
      timer ??= setInterval(() => void run(), o.pollMs ?? 1_000);
      timer.unref?.();
      void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (resume) clearTimeout(resume);
      resume = null;
      await running;
    },
  };
}
