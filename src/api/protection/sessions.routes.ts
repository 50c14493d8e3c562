import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import type { Hub } from '../../ws/hub.port';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { endOtherSessions, endSession, listSessions } from '../../services/protection/device-sessions';
import { listSecurityEvents } from '../../services/protection/security-events';

const iso = (at: number) => new Date(at).toISOString();

function pageOf(q: Record<string, string | undefined>): number {
  if (q.page === undefined || q.page === '') return 1;
  if (!/^\d{1,6}$/.test(q.page) || Number(q.page) < 1) throw AppError.invalid([{ field: 'page', message: m.api_whole_number({ field: 'page', min: 1, max: 100000 }) }]);
  return Math.min(Number(q.page), 100000);
}

/** The player's signed-in devices and security activity; a player only ever sees and ends their own. */
export const sessionsRoutes = (client: Client, session: Session, hub?: Pick<Hub, 'endSessions'>) =>
  new Elysia({ prefix: '/user' })
    .use(session)
    .get('/sessions', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      const list = await listSessions(client, player.userId, player.sessionId);
      return { success: true, sessions: list.map((s) => ({ ...s, createdAt: iso(s.createdAt), lastSeenAt: iso(s.lastSeenAt) })) };
    }, { auth: true })
    .delete('/sessions/:id', async ({ player, params }) => {
      await endSession(client, player.userId, params.id, player.sessionId);
      // Its open sockets close too, on whichever instance holds them.
      hub?.endSessions({ userId: player.userId, sessionIds: [params.id] });
      return { success: true, message: m.api_session_ended() };
    }, { auth: true })
    .delete('/sessions', async ({ player }) => {
      const ended = await endOtherSessions(client, player.userId, player.sessionId);
      if (ended) hub?.endSessions({ userId: player.userId, except: player.sessionId });
      return { success: true, message: ended ? m.api_sessions_ended() : m.api_sessions_none(), ended };
    }, { auth: true })
    .get('/security-events', async ({ player, query, set }) => {
      set.headers['cache-control'] = 'no-store';
      const events = await listSecurityEvents(client, player.userId, pageOf(query));
      return { success: true, events: events.map((e) => ({ ...e, at: iso(e.at) })), page: pageOf(query) };
    }, { auth: true });
