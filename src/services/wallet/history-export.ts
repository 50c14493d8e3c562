import type { Client } from '@libsql/client';
import type { HistoryType } from './history';
import { m } from '../../i18n/paraglide/messages.js';
import type { Lang } from '../../i18n/lang';
import { counterpartyIn } from './p2p';

export const CSV_HEADER = ['Date (UTC)', 'Transaction ID', 'Type', 'Direction', 'Status', 'Amount (USD)', 'Game', 'Counterparty', 'Order ID'];

// The file's words in the reader's language (`lang`, given by the route): its header and the type, direction and
// status of each row. A status the site may add later is written as stored; the values stay the same in English.
const HEADER_WORDS = [m.api_csv_date, m.api_csv_id, m.api_csv_type, m.api_csv_direction, m.api_csv_status, m.api_csv_amount, m.api_csv_game, m.api_csv_counterparty, m.api_csv_order];
const TYPE_WORDS: Record<string, (i: object, o: { locale: Lang }) => string> = {
  TRANSFER: m.api_csv_transfer, REDEEM: m.api_csv_redeem, DEPOSIT: m.api_csv_deposit, WITHDRAW: m.api_csv_withdraw,
  P2P: m.api_csv_p2p, FREEPLAY: m.api_csv_freeplay, ADJUSTMENT: m.api_csv_adjustment,
};
const STATUS_WORDS: Record<string, (i: object, o: { locale: Lang }) => string> = {
  pending: m.api_csv_pending, completed: m.api_csv_completed, failed: m.api_csv_failed, cancelled: m.api_csv_cancelled, expired: m.api_csv_expired,
  held: m.api_csv_held, released: m.api_csv_released, refunded: m.api_csv_refunded, reversed: m.api_csv_reversed, 'under review': m.api_csv_under_review,
};
const said = (words: Record<string, (i: object, o: { locale: Lang }) => string>, v: string, lang: Lang) => (lang === 'en' || !words[v] ? v : words[v]!({}, { locale: lang }));
export const csvHeader = (lang: Lang) => (lang === 'en' ? CSV_HEADER : HEADER_WORDS.map((w) => w({}, { locale: lang })));

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with =, +, -, @, or a tab or carriage
 * return that some programs skip first) gets a leading apostrophe; then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]) => cells.map(csvCell).join(',') + '\r\n';

/** Dollars with two decimals from cents, always positive here: the Direction column carries the sign. */
export const csvDollars = (c: number) => `${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

const BATCH = 500;

/**
 * The player's whole history (one type, or all) as CSV, newest first, read in batches by keyset so memory stays
 * flat however long the history is, and the file is sent as it is read.
 */
export function historyCsv(client: Client, userId: string, type: HistoryType | null, lang: Lang = 'en'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { at: number; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(csvHeader(lang))));
        return;
      }
      const where = ['user_id = ?'];
      const args: (string | number)[] = [userId];
      if (type) where.push('type = ?'), args.push(type);
      if (after) where.push('(created_at < ? OR (created_at = ? AND id < ?))'), args.push(after.at, after.at, after.id);
      const r = await client.execute({
        sql: `SELECT id, uuid, type, direction, status, amount_cents, game_name, counterparty, order_id, created_at FROM transactions
              WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`,
        args,
      });
      if (!r.rows.length) return controller.close();
      let chunk = '';
      for (const x of r.rows) {
        chunk += csvLine([
          new Date(Number(x.created_at)).toISOString(), String(x.uuid), said(TYPE_WORDS, String(x.type), lang),
          lang === 'en' ? (x.direction === 'in' ? 'in' : 'out') : x.direction === 'in' ? m.api_csv_in({}, { locale: lang }) : m.api_csv_out({}, { locale: lang }), said(STATUS_WORDS, String(x.status), lang),
          csvDollars(Number(x.amount_cents)), x.game_name == null ? '' : String(x.game_name), x.counterparty == null ? '' : counterpartyIn(String(x.counterparty), lang)!,
          x.order_id == null ? '' : String(x.order_id),
        ]);
      }
      const last = r.rows[r.rows.length - 1]!;
      after = { at: Number(last.created_at), id: String(last.id) };
      controller.enqueue(encoder.encode(chunk));
      if (r.rows.length < BATCH) controller.close();
    },
  });
}
