import { Elysia } from 'elysia';
import type { Deps } from './deps';
import { AppError } from './lib/app-error';
import { assetResponse } from './assets/store';
import { healthRoutes, readyRoute } from './api/health/health.routes';
import { accountsRoutes } from './api/accounts/accounts.routes';
import { logoutFormRoutes } from './api/accounts/logout-form.routes';
import { errorsPlugin } from './http/errors';
import { routeLabelPlugin } from './http/request-context';
import { parseCidrList } from './http/cidr';
import { sandboxGate } from './http/loopback';
import { metricsRoutes } from './api/health/metrics.routes';
import { jsonFinisher, securityHeaders, withFinish } from './http/finish';
import { fastReads } from './http/fast-reads';
import { fastRoutes, healthWatch, type ServedRoutes } from './http/fast-paths';
import { sessionPlugin } from './http/session';
import { sameOriginPlugin } from './http/same-origin';
import { pagesPlugin } from './pages/pages.plugin';
import { createFlashCookies } from './pages/flash';
import { createFormTokens } from './http/form-token';
import { pageRoutes } from './pages/routes';
import { createViewerLookup } from './services/auth/viewer';
import { withSavedLang } from './http/lang';
import { inRequestLang } from './i18n/request-lang';
import { createSocketServer } from './ws/socket';
import { localizePush } from './api/wallet/push';
import { historyRoutes } from './api/wallet/history.routes';
import { exportRoutes } from './api/wallet/export.routes';
import { limitsRoutes } from './api/protection/limits.routes';
import { sessionsRoutes } from './api/protection/sessions.routes';
import { tickerRoutes } from './api/wallet/ticker.routes';
import { walletRoutes } from './api/wallet/wallet.routes';
import { gamesRoutes } from './api/games/games.routes';
import { gameMovesRoutes } from './api/games/game-moves.routes';
import { depositsRoutes } from './api/deposits/deposits.routes';
import { webhookRoutes } from './api/deposits/webhook.routes';
import { withdrawalsRoutes } from './api/withdrawals/withdrawals.routes';
import { withdrawalReviewRoutes } from './api/withdrawals/withdrawal-review.routes';
import { adminRoutes } from './api/admin/admin.routes';
import { createOverview } from './services/admin/overview';
import { identityRoutes } from './api/identity/identity.routes';
import { solvencyRoutes } from './api/solvency/solvency.routes';
import { snapshotFileRoutes } from './api/solvency/snapshot-file.routes';
import { pwaRoutes } from './pwa/pwa.routes';

export type App = {
  handle(req: Request): Promise<Response>;
  socket: ReturnType<typeof createSocketServer>;
  /** Answers that skip the framework (visitor pages as prepared bytes, /healthz, the hottest signed-in reads); serve.ts puts them first. */
  routes: ServedRoutes;
  /** Starts what keeps `routes` current (the /healthz probe); `changed` runs after they changed. Returns the stop. */
  watchRoutes(changed: () => void): () => void;
};

/** The whole site: API, pages and assets. Tests drive it through `handle`. */
export function createApp(deps: Deps): App {
  // A signed-in player's saved language answers their pages and API messages (src/i18n/request-lang.ts).
  const signedIn = withSavedLang(createViewerLookup(deps.database.client, deps.signer));
  // Feature modules take this one instance so its `auth` macro is theirs: `new Elysia(...).use(session)`.
  const session = sessionPlugin(signedIn, { operatorTwoStep: deps.config.operatorTwoStep });
  const simulator = deps.simulator;
  const sandboxControls = sandboxGate(deps.config);
  const api = new Elysia({ prefix: '/api/v1' })
    .use(session)
    // Feature routes mount here, one `.use(feature(deps, session))` per feature.
    .use(accountsRoutes(deps, session))
    .use(walletRoutes(deps, session))
    .use(historyRoutes(deps, session))
    .use(exportRoutes(deps.database.client, session))
    .use(limitsRoutes(deps.database.client, deps.rateLimiter, session))
    .use(sessionsRoutes(deps.database.client, session, deps.hub))
    .use(tickerRoutes({ client: deps.database.client, mode: deps.config.TICKER_MODE, now: deps.now }))
    .use(gamesRoutes({ games: deps.games, idempotency: deps.idempotency, twoStep: deps.twoStep, sandboxPlay: (req) => !deps.config.isProduction && deps.gameProvider.name === 'sandbox' && sandboxControls(req) }, session))
    .use(gameMovesRoutes({ games: deps.games, ledger: deps.ledger, idempotency: deps.idempotency, maxAmountDollars: deps.config.MAX_AMOUNT_DOLLARS }, session))
    .use(depositsRoutes({ config: deps.config, deposits: deps.deposits, idempotency: deps.idempotency, simulator }, session))
    .use(withdrawalsRoutes({ config: deps.config, twoStep: deps.twoStep, ledger: deps.ledger, withdrawals: deps.withdrawals, paymentsIdle: () => deps.deposits.idle(), idempotency: deps.idempotency, simulator }, session))
    .use(withdrawalReviewRoutes({
      config: deps.config, twoStep: deps.twoStep, ledger: deps.ledger, withdrawals: deps.withdrawals, sandboxPayouts: !!simulator, review: deps.withdrawalReview,
      idempotency: deps.idempotency, reviewKey: deps.reviewKey, now: deps.now,
    }, session))
    .use(adminRoutes({
      client: deps.database.client, ledger: deps.ledger, hub: deps.hub, logger: deps.logger, idempotency: deps.idempotency, withdrawals: deps.withdrawals,
      games: deps.games, deposits: deps.deposits, overview: createOverview(deps.database.client, deps.payments), maxAmountDollars: deps.config.MAX_AMOUNT_DOLLARS,
      trustedHeader: deps.config.TRUSTED_PROXY_HEADER, securityEvent: deps.securityEvent, identity: deps.identity, compliance: deps.compliance,
    }, session))
    .use(identityRoutes({ identity: deps.identity, twoStep: deps.twoStep, rateLimiter: deps.rateLimiter, trustedHeader: deps.config.TRUSTED_PROXY_HEADER }, session))
    .use(solvencyRoutes(deps.solvency, session))
    .use(webhookRoutes({ client: deps.database.client, deposits: deps.deposits, webhookSecret: () => deps.payments.webhookSecret, onPayout: (id) => deps.withdrawals.syncPayout(id), outcome: deps.metrics.webhook }))
    .all('/*', () => {
      throw AppError.notFound();
    });
  const formTokens = createFormTokens(deps.flashKey);
  const elysia = new Elysia()
    .use(errorsPlugin(deps.logger, deps.storageFaults))
    // Every state-changing request, API or form post, from this site only; the webhook proves itself by signature.
    .use(sameOriginPlugin(deps.config.publicUrl, ['/api/v1/webhooks/btcpay', '/api/v1/webhooks/identity/onfido'], ['/api/v1/identity/submission']))
    .use(routeLabelPlugin())
    .use(healthRoutes(deps.database.client, deps.redis, deps.storageFaults))
    .use(metricsRoutes({ metrics: deps.metrics, allow: parseCidrList(deps.config.METRICS_ALLOW), trustedHeader: deps.config.TRUSTED_PROXY_HEADER }))
    .use(api)
    .use(logoutFormRoutes(deps, formTokens))
    .use(snapshotFileRoutes(deps.solvency))
    .use(pwaRoutes({ assets: deps.assets, site: deps.site }))
    .use(pagesPlugin({
      routes: pageRoutes, assets: deps.assets, site: deps.site, viewer: signedIn, handle: (req): Promise<Response> => elysia.handle(req),
      flash: createFlashCookies(deps.flashKey, deps.config.secureCookies), formTokens,
      sandboxControls,
      operatorTwoStep: deps.config.operatorTwoStep,
      secureCookies: deps.config.secureCookies,
    }))
    .get('/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/')) throw AppError.notFound();
      const asset = deps.assets.get(path);
      return asset ? assetResponse(asset, request) : Response.redirect('/', 302);
    });
  const security = { hsts: deps.config.secureCookies };
  // Each request is handled in its language: its ?lang, cookie or Accept-Language, then its player's saved one.
  const handle = withFinish((req) => inRequestLang(req, () => elysia.handle(req)), { ...security, logger: deps.logger, metrics: deps.metrics });
  // The sandbox's hand-made payments are delivered to our own webhook endpoint in-process, as BTCPay would post them.
  deps.self.handle = handle;
  const staticPaths = Object.entries(pageRoutes).filter(([path, page]) => page.static && !path.includes(':')).map(([path]) => path);
  const queryPaths = staticPaths.filter((path) => pageRoutes[path]!.readsQuery);
  const health = healthWatch(deps.database.client, security);
  const routes: ServedRoutes = {
    ...fastRoutes({ handle, staticPaths, queryPaths }),
    '/healthz': health.route,
    '/readyz': readyRoute(deps.database.client, deps.redis, Object.fromEntries(securityHeaders(security)), deps.storageFaults),
    ...fastReads({ signedIn, handle, finish: jsonFinisher({ ...security, logger: deps.logger, metrics: deps.metrics }), client: deps.database.client }),
  };
  const socket = createSocketServer(deps.hub, signedIn, [new URL(deps.config.publicUrl).origin], localizePush);
  deps.metrics.countSockets(() => socket.openCount());
  return { handle, socket, routes, watchRoutes: health.watch };
}
