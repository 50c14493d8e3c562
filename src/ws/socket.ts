import type { Server, ServerWebSocket, WebSocketHandler } from 'bun';
import type { SignedIn } from '../services/auth/viewer';
import type { Hub, PushMessage, SessionsEnded } from './hub.port';
import { chooseLang } from '../i18n/choose';
import type { Lang } from '../i18n/lang';

/**
 * `checkedAt`: when the session lookup that signed the socket in began. `lang`: the language of the page that opened
 * it (its cookie, the player's saved language, Accept-Language), which its pushes are said in.
 */
type SocketData = { userId: string | null; sessionId?: string; checkedAt?: number; unsubscribe?: () => void; lang?: Lang; acceptLanguage?: string | null };

// How long an ended session is remembered for sockets whose sign-in was under way when it ended.
const RECENT_ENDS_MS = 60_000;
const ends = (e: SessionsEnded, sessionId: string) => (e.sessionIds ? e.sessionIds.includes(sessionId) : sessionId !== e.except);

/** The close code of a socket whose session was revoked: the page's client then finds itself signed out. */
export const SESSION_ENDED = 4401;

/**
 * /ws: authenticates by the session cookie (or a token in the first message), joins the player's channel
 * and relays hub pushes as JSON {event, data}. A socket belongs to its session: when the session is revoked, on
 * whichever instance, the hub says so and the socket is closed at once.
 */
export function createSocketServer(hub: Hub, signedIn: (req: Request) => Promise<SignedIn | null>, allowedOrigins: string[] = [],
  localize: (msg: PushMessage, lang: Lang) => PushMessage = (msg) => msg) {
  const open = new Set<ServerWebSocket<SocketData>>();
  // The signed-in sockets by player, so an ended session finds its sockets without a walk over every socket.
  const byUser = new Map<string, Set<ServerWebSocket<SocketData>>>();
  let closing = false;
  // A session can end between the lookup that let a socket in and the socket joining (the lookup read the row just
  // before the revocation committed): ends are kept a minute, and a joining socket checks those since its lookup.
  const recentEnds = new Map<string, { e: SessionsEnded; at: number }[]>();
  const remember = (e: SessionsEnded, at: number) => {
    for (const [userId, list] of recentEnds) {
      const kept = list.filter((r) => at - r.at < RECENT_ENDS_MS);
      if (kept.length) recentEnds.set(userId, kept);
      else recentEnds.delete(userId);
    }
    recentEnds.set(e.userId, [...(recentEnds.get(e.userId) ?? []), { e, at }]);
  };
  const endSessions = (e: SessionsEnded) => {
    remember(e, Date.now());
    for (const ws of byUser.get(e.userId) ?? []) if (ends(e, ws.data.sessionId!)) ws.close(SESSION_ENDED, 'session ended');
  };
  const stopHearing = hub.onSessionsEnded(endSessions);
  const join = async (ws: ServerWebSocket<SocketData>, userId: string, sessionId: string, checkedAt: number) => {
    ws.data.userId = userId;
    ws.data.sessionId = sessionId;
    let mine = byUser.get(userId);
    if (!mine) byUser.set(userId, (mine = new Set()));
    mine.add(ws);
    if (recentEnds.get(userId)?.some((r) => r.at >= checkedAt && ends(r.e, sessionId))) return ws.close(SESSION_ENDED, 'session ended');
    const lang = ws.data.lang ?? 'en';
    ws.data.unsubscribe = hub.subscribe(userId, (msg) => ws.send(JSON.stringify(localize(msg, lang))));
    // 'ready' promises that pushes arrive from now on; across instances that is once Redis has the subscription.
    await hub.joined?.(userId);
    ws.send(JSON.stringify({ event: 'ready', data: {} }));
  };

  const websocket: WebSocketHandler<SocketData> = {
    open(ws) {
      open.add(ws);
      if (ws.data.userId) return void join(ws, ws.data.userId, ws.data.sessionId!, ws.data.checkedAt!);
      // A socket that does not sign in within 10 s is closed, so idle anonymous sockets cannot pile up.
      setTimeout(() => {
        if (!ws.data.userId) ws.close(4401, 'unauthorized');
      }, 10_000);
    },
    async message(ws, raw) {
      if (ws.data.userId) return;
      // First message may carry a token: {"token": "..."} for clients that cannot send the cookie.
      let token: unknown;
      try {
        token = JSON.parse(String(raw)).token;
      } catch {}
      const checkedAt = Date.now();
      const player = typeof token === 'string'
        ? await signedIn(new Request('http://local/ws', { headers: { authorization: `Bearer ${token}` } }))
        : null;
      // A token-signed client is answered in its Accept-Language only, as the API answers a bearer client.
      if (player) ws.data.lang = chooseLang({ bearer: true, acceptLanguage: ws.data.acceptLanguage }).lang;
      if (player) await join(ws, player.userId, player.sessionId, checkedAt);
      else ws.close(4401, 'unauthorized');
    },
    close(ws) {
      open.delete(ws);
      const mine = ws.data.userId ? byUser.get(ws.data.userId) : undefined;
      if (mine?.delete(ws) && mine.size === 0) byUser.delete(ws.data.userId!);
      ws.data.unsubscribe?.();
    },
  };

  async function upgrade(req: Request, server: Server<SocketData>): Promise<Response | undefined> {
    // A connection kept alive past the start of a shutdown must not open a socket that is about to be closed.
    if (closing) return new Response('Service Restart', { status: 503, headers: { 'retry-after': '1' } });
    // A page on another site must not ride the player's cookie into a socket (cross-site WebSocket hijacking).
    const origin = req.headers.get('origin');
    if (origin && origin !== new URL(req.url).origin && !allowedOrigins.includes(origin)) return new Response('Forbidden origin', { status: 403 });
    const checkedAt = Date.now();
    const player = await signedIn(req);
    const h = req.headers;
    const lang = chooseLang({ cookie: h.get('cookie'), saved: player?.language, acceptLanguage: h.get('accept-language') }).lang;
    if (server.upgrade(req, { data: { userId: player?.userId ?? null, sessionId: player?.sessionId, checkedAt, lang, acceptLanguage: h.get('accept-language') } })) return undefined;
    return new Response('Expected a WebSocket upgrade', { status: 426 });
  }

  return {
    upgrade,
    websocket,
    openCount: () => open.size,
    /**
     * On shutdown: closes every socket with 1012 (Service Restart), which tells the page's client to reconnect
     * at once, so it lands on another instance (or this one once it is back).
     */
    closeAll(code = 1012, reason = 'Service Restart') {
      closing = true;
      stopHearing();
      for (const ws of open) ws.close(code, reason);
    },
  };
}
