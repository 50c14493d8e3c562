import type { Client } from '@libsql/client';

/**
 * Takes or renews the lease `name` for `holder` until `now + ttlMs`, in one conditional upsert: it succeeds when
 * the row is absent, already this holder's, or expired, so of several instances asking at once exactly one holds it.
 */
export async function takeLease(client: Client, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const r = await client.execute({
    sql: `INSERT INTO job_leases (name, holder, expires_at) VALUES (?1, ?2, ?3)
          ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= ?4`,
    args: [name, holder, now + ttlMs, now],
  });
  return r.rowsAffected === 1;
}

/** Gives the lease up at once (on shutdown), so another instance need not wait for it to expire. Only its holder can. */
export async function releaseLease(client: Client, name: string, holder: string): Promise<void> {
  await client.execute({ sql: 'UPDATE job_leases SET expires_at = 0 WHERE name = ? AND holder = ?', args: [name, holder] });
}

/** Who holds the lease now, or null when nobody does (never taken, released or expired). */
export async function leaseHolder(client: Client, name: string, now = Date.now()): Promise<string | null> {
  const r = await client.execute({ sql: 'SELECT holder FROM job_leases WHERE name = ? AND expires_at > ?', args: [name, now] });
  return r.rows[0] ? String(r.rows[0].holder) : null;
}
