import type { Client } from '@libsql/client';

/**
 * Records a BTCPay delivery by its id (a redelivery keeps its original id) and says whether it was handled
 * already, so each delivery's work is done once however often it arrives.
 */
export async function recordDelivery(client: Client, id: string, type: string, at: number): Promise<{ handled: boolean }> {
  await client.execute({ sql: 'INSERT INTO webhook_deliveries (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', args: [id, type, at] });
  const seen = await client.execute({ sql: 'SELECT handled_at FROM webhook_deliveries WHERE id = ?', args: [id] });
  return { handled: seen.rows[0]?.handled_at != null };
}

/** The delivery's work is done: a redelivery of it is now a duplicate. */
export async function markDeliveryHandled(client: Client, id: string, at = Date.now()): Promise<void> {
  await client.execute({ sql: 'UPDATE webhook_deliveries SET handled_at = ? WHERE id = ?', args: [at, id] });
}
