import type { Client } from '@libsql/client';
import type { HistoryType } from './history';

export const CSV_HEADER = ['Date (UTC)', 'Transaction ID', 'Type', 'Direction', 'Status', 'Amount (USD)', 'Game', 'Counterparty', 'Order ID'];

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
export function historyCsv(client: Client, userId: string, type: HistoryType | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { at: number; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
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
          new Date(Number(x.created_at)).toISOString(), String(x.uuid), String(x.type), x.direction === 'in' ? 'in' : 'out', String(x.status),
          csvDollars(Number(x.amount_cents)), x.game_name == null ? '' : String(x.game_name), x.counterparty == null ? '' : String(x.counterparty),
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
