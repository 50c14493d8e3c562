import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailbox, Mailer, StoredMail } from './mail.port';

/**
 * The embedded default: every message becomes a JSON file in `dir`, so a newcomer can read mail with
 * nothing installed. File names start with the time, which makes "newest first" a name sort.
 */
export function createOutboxMailer(dir: string): Mailer & Mailbox {
  let seq = 0;
  let ready: Promise<unknown> | null = null;
  return {
    async send(m) {
      // Made once: a mkdir per message was a fifth of a P2P transfer's CPU time.
      await (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }));
      const sentAt = new Date();
      const id = `${sentAt.getTime().toString().padStart(15, '0')}-${String(seq++ % 1e6).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { id, sentAt: sentAt.toISOString(), to: m.to, subject: m.subject, text: m.text, html: m.html };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
    },
    async list(limit = 100) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const newest = names.filter((n) => n.endsWith('.json')).sort().reverse().slice(0, limit);
      const out: StoredMail[] = [];
      for (const n of newest) {
        try {
          out.push(JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail);
        } catch {
          // A file being written or edited by hand is skipped rather than breaking the list.
        }
      }
      return out;
    },
  };
}
