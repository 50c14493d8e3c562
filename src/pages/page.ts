import type { ReactNode } from 'react';
import type { Flash } from './flash';
import type { BitcoinNetwork } from '../shared/bitcoin-network';
import { withdrawalTimeText, type WithdrawalTiming } from '../shared/withdrawal-time';
import { currentLang } from '../i18n/request-lang';

import type { Viewer } from '../services/auth/viewer-type';
export type { Viewer };

/** Settings a page may show; nothing secret goes here. */
export type SiteInfo = {
  siteName: string;
  supportEmail: string;
  /** The operator's community channel (COMMUNITY_URL); null hides every link to it. */
  communityUrl: string | null;
  gameLinks: { ultraPanda: string; vblink: string };
  tickerMode: 'demo' | 'live' | 'off';
  devMailbox: boolean;
  /** Play a round in the sandbox games (outside production, sandbox provider only). */
  sandboxGames?: boolean;
  /** Deposits go to the built-in sandbox and may be paid by hand (never in production). */
  sandboxPayments: boolean;
  /** A public demo (SANDBOX_CONTROLS=on): every page says the money is not real. */
  demoBanner?: boolean;
  /** Production on the sandbox's payments (PAYMENTS_SANDBOX_IN_PRODUCTION=on): the deposit page and console say no deposit is real. */
  paymentsDemo?: boolean;
  /** Outside production, the sandbox on mainnet (BITCOIN_NETWORK=mainnet, no BTCPay): the same notices, as its addresses are real ones nobody holds. */
  sandboxMainnet?: boolean;
  /** The largest amount a money call takes (MAX_AMOUNT_DOLLARS), so a form can say so before calling. */
  maxAmountCents?: number;
  /** What the screens say about how soon withdrawals are sent (src/shared/withdrawal-time.ts). */
  withdrawalTime: string;
  /** What it is made from, so a page can say it in its own language (`withdrawalTimeIn`). */
  withdrawalTiming?: WithdrawalTiming;
  bitcoinNetwork: BitcoinNetwork;
  /** RESTRICTED_STATES: US state codes whose players cannot deposit or withdraw (registration asks for the state then). */
  restrictedStates?: string[];
  /** SOLVENCY_SNAPSHOT: when proofs of liabilities are published (what /solvency says about it). */
  solvencySchedule?: 'daily' | 'weekly' | 'off';
};

export type PageContext = { url: URL; params: Record<string, string>; viewer: Viewer | null; site: SiteInfo; data?: unknown;
  /** GET on the site's own API (path after /api/v1), in-process and as this viewer; the parsed JSON, or null. */
  api?: (path: string) => Promise<Record<string, unknown> | null>;
  /** A form post the server refused: what was typed (never passwords) and the errors, for the islands' first render. */
  form?: FormState;
  /** The one-time message of the form post that led here. */
  flash?: Flash;
  /** The signed-in player's per-session form token: every form a signed-in page renders carries it as `_token`. */
  formToken?: string;
  /** This request may use the sandbox's controls (src/http/loopback.ts): the dev mailbox, Simulate payment. */
  sandboxControls?: boolean };

/** A refused form post, re-rendered: `action` names which form of the page it was. */
export type FormState = { action: string; values: Record<string, string>; errors: Record<string, string>; message?: string;
  /** The page a refusal's message names (the API answer's `link`, e.g. /verify-identity), when it is on this site. */
  link?: string };

/** An answer of the site's own API to a call made for a form post. */
export type ApiAnswer = { status: number; json: Record<string, any> | null;
  /** The answer's Set-Cookie lines (a sign-in's session cookie), for the redirect to carry to the browser. */
  cookies: string[];
  /** A refusal's Retry-After (a rate limit), passed on to the browser with the re-rendered page. */
  retryAfter?: string };

/** A multipart body passed on as it arrives: its stream and its content type (with the boundary). */
export type Upload = { kind: 'upload'; body: ReadableStream<Uint8Array>; contentType: string };

export type ActionContext = PageContext & {
  /** The posted fields, as text. */
  fields: Record<string, string>;
  /**
   * A multipart form post's whole body, unread past its first file (the action hands it to the API as it arrives,
   * `send(…, ctx.upload)`): `fields` then holds the fields before that file.
   */
  upload?: Upload;
  /** Calls the site's own API in-process as the signed-in viewer, so forms and islands share one validation and service. */
  send(method: string, path: string, body?: unknown, opts?: { idempotencyKey?: string }): Promise<ApiAnswer>;
};

/** Redirect (303) with an optional flash, or re-render the page with the form's values and errors. */
export type ActionResult = { redirect: string; flash?: Flash; cookies?: string[] } | { status?: number; form: FormState; retryAfter?: string };
export type PageAction = (ctx: ActionContext) => Promise<ActionResult>;

/**
 * open: anyone; public-only: visitors (a signed-in player goes to /home); private: signed-in players
 * (a visitor goes to /login?next=<path>, DESIGN §8); admin: operators only (a visitor goes to /login with the
 * path remembered, a player gets a bare 403 that names nothing).
 */
export type Access = 'open' | 'public-only' | 'private' | 'admin';

export type Page = {
  /** A function when translated: it is called in the request's language (src/i18n). */
  title: string | (() => string);
  description?: string | (() => string);
  access: Access;
  /** Same HTML for every visitor: rendered once and served from memory. */
  static?: boolean;
  /**
   * A static page whose HTML depends on its query string (`/login?next=…`): a visit with a query is rendered for
   * it. Any other static page ignores the query, so the prepared bytes serve it too (src/http/fast-paths.ts).
   */
  readsQuery?: boolean;
  /** Loads what the page needs before rendering (server only); may throw a Response to redirect. */
  load?: (ctx: PageContext) => Promise<unknown>;
  render: (ctx: PageContext) => ReactNode;
  /** The HTTP status of a GET once loaded (e.g. 404 for a record that is not the viewer's); 200 when undefined. */
  status?: (ctx: PageContext) => number | undefined;
  /**
   * Plain HTML form posts to the page's own path, by the form's hidden `_action` field ('default' without one):
   * the page works before and without its islands' scripts.
   */
  actions?: Record<string, PageAction>;
};

export const definePage = (p: Page) => p;

/** The withdrawal-time sentence in the page's language (the operator's own WITHDRAWAL_TIME_TEXT as they wrote it). */
export const withdrawalTimeIn = (site: Pick<SiteInfo, 'withdrawalTime' | 'withdrawalTiming'>): string => (site.withdrawalTiming ? withdrawalTimeText(site.withdrawalTiming) : site.withdrawalTime);

/** A running restriction's banner and the reason beside each action it closes, in the page's language. */
export const restrictionWords = (viewer: Viewer | null | undefined): { banner: string; reason: string } | null => {
  const r = viewer?.restriction;
  return r ? { banner: r.bannerText.render(currentLang()), reason: r.reasonText.render(currentLang()) } : null;
};
