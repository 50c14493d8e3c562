import { detailsBody } from '../api/accounts/accounts.model';
import { walletBalanceBody } from '../api/wallet/wallet.model';
import type { SignedIn, ViewerLookup } from '../services/auth/viewer';
import { recordPeer } from './client-ip';
import type { FastRoutes } from './fast-paths';

type Options = {
  /** The session lookup every signed-in call makes (services/auth/viewer.ts). */
  signedIn: ViewerLookup;
  /** The app's whole pipeline: anything but a plain signed-in read goes there and is answered as always. */
  handle: (req: Request) => Promise<Response>;
  /** What withFinish does to every answer: request id, security headers, the log line (http/finish.ts). */
  finish: (req: Request, json: string, headers: Record<string, string>, started: number) => Response;
};

const JSON_TYPE = 'application/json;charset=utf-8';

/**
 * The hottest signed-in reads (a wallet page polls its balance; every page reads the player) answered from
 * Bun's router with the same session lookup and the same body builders as their framework routes, but without
 * the framework's per-request pipeline, which cost more than the lookup itself (docs/decisions/signed-in-reads.md).
 * A request without a live session goes to the app, so a 401 is the framework's own; other methods fall through.
 */
export function fastReads(o: Options): FastRoutes {
  const read = (body: (p: SignedIn) => unknown, headers: Record<string, string>) => ({
    GET: async (req: Request, server?: Parameters<typeof recordPeer>[1]) => {
      const started = performance.now();
      const player = o.signedIn.known(req) ?? (await o.signedIn(req));
      if (!player) {
        if (server) recordPeer(req, server);
        return o.handle(req);
      }
      return o.finish(req, JSON.stringify(body(player)), headers, started);
    },
  });
  return {
    '/api/v1/user/wallet-balance': read(walletBalanceBody, { 'content-type': JSON_TYPE }),
    '/api/v1/user/details': read(detailsBody, { 'cache-control': 'no-store', 'content-type': JSON_TYPE }),
  };
}
