import type { ReactNode } from 'react';

/** Who is looking at the page; null for a visitor. Balance is the available balance in cents. */
export type Viewer = { userId: string; playerId: number; email: string; name: string | null; walletCents: number;
  /** The player's own profile fields, for the profile page's first HTML. */
  phoneNo?: string | null; pendingEmail?: string | null };

/** Settings a page may show; nothing secret goes here. */
export type SiteInfo = {
  siteName: string;
  supportEmail: string;
  communityUrl: string;
  gameLinks: { ultraPanda: string; vblink: string };
  tickerMode: 'demo' | 'live' | 'off';
  devMailbox: boolean;
  /** Play a round in the sandbox games (outside production, sandbox provider only). */
  sandboxGames?: boolean;
};

export type PageContext = { url: URL; params: Record<string, string>; viewer: Viewer | null; site: SiteInfo; data?: unknown;
  /** GET on the site's own API (path after /api/v1), in-process and as this viewer; the parsed JSON, or null. */
  api?: (path: string) => Promise<Record<string, unknown> | null> };

/**
 * open: anyone; public-only: visitors (a signed-in player goes to /home); private: signed-in players
 * (a visitor goes to / with the attempted path remembered).
 */
export type Access = 'open' | 'public-only' | 'private';

export type Page = {
  title: string;
  description?: string;
  access: Access;
  /** Same HTML for every visitor: rendered once and served from memory. */
  static?: boolean;
  /** Loads what the page needs before rendering (server only); may throw a Response to redirect. */
  load?: (ctx: PageContext) => Promise<unknown>;
  render: (ctx: PageContext) => ReactNode;
};

export const definePage = (p: Page) => p;
