import type { Client } from '@libsql/client';
import { detailsBody } from '../api/accounts/accounts.model';
import { historyPage } from '../api/wallet/history.routes';
import { walletBalanceBody } from '../api/wallet/wallet.model';
import type { SignedIn, ViewerLookup } from '../services/auth/viewer';
import { recordPeer } from './client-ip';
import type { FastRoutes } from './fast-paths';
import type { JsonFinish } from './finish';
import { adoptSaved, currentLang, inRequestLang } from '../i18n/request-lang';
import type { Lang } from '../i18n/lang';

type Peer = Parameters<typeof recordPeer>[1];

type Options = {
  /** The session lookup every signed-in call makes (services/auth/viewer.ts). */
  signedIn: ViewerLookup;
  /** The app's whole pipeline: anything but a plain signed-in read goes there and is answered as always. */
  handle: (req: Request) => Promise<Response>;
  /** What withFinish does to every answer, made once per route: request id, security headers, the log line (http/finish.ts). */
  finish: (route: string, headers: Record<string, string>, path?: string) => JsonFinish;
  client: Client;
};

// History pages kept under the player's history version (services/auth/viewer.ts): a change to the history
// moves the version in the same transaction, so a page is never served older than the version just read.
const HISTORY_CACHE_MAX = 10_000;
// Only the plain form of the query goes this way; anything else (repeated or unknown keys) is the app's to judge.
const PLAIN_QUERY = /^(?:(?:page|limit)=\d{1,6}(?:&(?!$)|$))*$/;

const JSON_TYPE = 'application/json;charset=utf-8';
// Each path is also the route pattern its log line and metrics name, as the framework's routes would.
const HISTORY = '/api/v1/transaction/transaction-List/:type';
const BALANCE = '/api/v1/user/wallet-balance';
const DETAILS = '/api/v1/user/details';

/**
 * The hottest signed-in reads (a wallet page polls its balance; every page reads the player; history pages are
 * read again and again between changes) answered from
 * Bun's router with the same session lookup and the same body builders as their framework routes, but without
 * the framework's per-request pipeline, which cost more than the lookup itself (docs/decisions/signed-in-reads.md).
 * A request without a live session goes to the app, so a 401 is the framework's own; other methods fall through.
 */
export function fastReads(o: Options): FastRoutes {
  const toApp = (req: Request, server?: Peer) => {
    if (server) recordPeer(req, server);
    return o.handle(req);
  };
  const read = (route: string, body: (p: SignedIn) => unknown, headers: Record<string, string>) => {
    const finish = o.finish(route, headers, route);
    const lookup = async (req: Request, started: number, server?: Peer) => {
      const player = await o.signedIn(req);
      if (!player) return toApp(req, server);
      return finish(req, JSON.stringify(body(player)), started);
    };
    // A session seen before is answered without a promise: the common case of a player's repeated reads.
    return {
      GET: (req: Request, server?: Peer) => {
        const started = performance.now();
        const player = o.signedIn.known(req);
        return player ? finish(req, JSON.stringify(body(player)), started) : lookup(req, started, server);
      },
    };
  };
  const pages = new Map<string, string>();
  const historyFinish = o.finish(HISTORY, { 'content-type': JSON_TYPE });
  // A history page speaks (its message, the players it names) the request's language, as the app's route would.
  const langOf = (req: Request, player: SignedIn): Lang => inRequestLang(req, () => (adoptSaved(player.language), currentLang()));
  const pageKey = (player: SignedIn, type: string, search: string, lang: Lang) => `${player.userId} ${player.historyVersion ?? 0} ${type} ${search} ${lang}`;
  const readPage = async (req: Request, started: number, known: SignedIn | null | undefined, type: string, search: string, server?: Peer) => {
    const player = known ?? (await o.signedIn(req));
    if (!player) return toApp(req, server);
    const lang = langOf(req, player);
    const key = pageKey(player, type, search, lang);
    let json = pages.get(key);
    if (json === undefined) {
      const query = Object.fromEntries(new URLSearchParams(search));
      try {
        json = JSON.stringify(await historyPage(o.client, player.userId, type, query, lang));
      } catch {
        return o.handle(req); // bad input: the app's own 400
      }
      if (pages.size >= HISTORY_CACHE_MAX) pages.delete(pages.keys().next().value!);
      pages.set(key, json);
    }
    return historyFinish(req, json, started);
  };
  const history = {
    GET: (req: Request & { params?: Record<string, string> }, server?: Peer) => {
      const started = performance.now();
      const url = req.url;
      const q = url.indexOf('?');
      const search = q < 0 ? '' : url.slice(q + 1);
      const type = req.params?.type ?? '';
      if (!PLAIN_QUERY.test(search) || !/^[A-Z0-9_]{1,20}$/.test(type)) return toApp(req, server);
      // A page kept for a session seen before is answered without a promise.
      const player = o.signedIn.known(req);
      const kept = player ? pages.get(pageKey(player, type, search, langOf(req, player))) : undefined;
      return kept !== undefined ? historyFinish(req, kept, started) : readPage(req, started, player, type, search, server);
    },
  };
  return {
    [HISTORY]: history,
    [BALANCE]: read(BALANCE, walletBalanceBody, { 'content-type': JSON_TYPE }),
    [DETAILS]: read(DETAILS, detailsBody, { 'cache-control': 'no-store', 'content-type': JSON_TYPE }),
  };
}
