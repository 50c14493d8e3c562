import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';

/** 200 once the database answers a query, 503 otherwise. */
export const healthRoutes = (client: Client) =>
  new Elysia({ name: 'health' }).get('/healthz', async ({ set }) => {
    try {
      await client.execute('SELECT 1');
      return { status: 'ok' };
    } catch {
      set.status = 503;
      return { status: 'unavailable' };
    }
  });
