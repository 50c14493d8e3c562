import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';

/** 200 once the database answers a query, 503 otherwise (served by this route and by http/fast-paths.ts). */
export async function health(client: Client): Promise<{ status: 200 | 503; body: { status: 'ok' | 'unavailable' } }> {
  try {
    await client.execute('SELECT 1');
    return { status: 200, body: { status: 'ok' } };
  } catch {
    return { status: 503, body: { status: 'unavailable' } };
  }
}

export const healthRoutes = (client: Client) =>
  new Elysia({ name: 'health' }).get('/healthz', async ({ set }) => {
    const h = await health(client);
    set.status = h.status;
    return h.body;
  });
