import type { Config } from './config';
import { openDatabase, tuneEmbedded, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { loadAssets, type AssetStore } from './assets/store';
import { createLogger, type Logger } from './lib/logger';
import { persistedSecret } from './lib/secrets';
import type { SiteInfo } from './pages/page';
import { createTokenSigner, type TokenSigner } from './services/auth/tokens';

/** Everything the app needs from outside, built once. The one place that picks concrete adapters. */
export type Deps = {
  config: Config;
  database: Database;
  logger: Logger;
  assets: AssetStore;
  signer: TokenSigner;
  site: SiteInfo;
};

export function siteInfo(c: Config): SiteInfo {
  return {
    siteName: c.SITE_NAME,
    supportEmail: c.SUPPORT_EMAIL,
    communityUrl: c.COMMUNITY_URL,
    gameLinks: { ultraPanda: c.ULTRA_PANDA_URL, vblink: c.VBLINK_URL },
    tickerMode: c.TICKER_MODE,
    devMailbox: !c.isProduction,
  };
}

export async function buildDeps(config: Config, overrides: Partial<Deps> = {}): Promise<Deps> {
  const database = overrides.database ?? openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  await tuneEmbedded(database.client, config.DATABASE_URL);
  await migrate(database.client);
  const secret = persistedSecret(config.DATA_DIR, 'jwt-secret', config.JWT_SECRET);
  return {
    config,
    database,
    logger: overrides.logger ?? createLogger(config.LOG_LEVEL === 'silent'),
    assets: overrides.assets ?? (await loadAssets()),
    signer: overrides.signer ?? createTokenSigner(secret),
    site: siteInfo(config),
    ...overrides,
  };
}
