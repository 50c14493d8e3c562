import type { PageContext } from '../page';

/** A snapshot as the page shows it (the list API's entry). */
export type ListedSnapshot = {
  id: string;
  createdAt: string;
  root: { digest: string; value: number };
  url: string;
  leaves: number;
  sha256: string;
  bytes: number;
  reserves: ReservesView | null;
};

export type ReservesView = {
  source: 'btcpay' | 'sandbox';
  sandbox: boolean;
  at: string;
  unavailable?: string;
  rateUsdPerBtc?: string;
  onchain?: { btc: string; cents: number };
  lightning?: { btc: string; cents: number } | null;
  lightningNote?: string | null;
  totalCents?: number;
};

/** The page lists the newest snapshots; older ones are in the API (`?before=<id>`). */
export const PAGE_SNAPSHOTS = 100;

export type SolvencyPageData = { snapshots: ListedSnapshot[]; nonce: string | null; selected: string | null };

/** Through the site's own API, as the island would: the list for everyone, the nonce for a signed-in player. */
export async function loadSolvency(ctx: PageContext): Promise<SolvencyPageData> {
  const [list, me] = await Promise.all([ctx.api!(`/solvency?limit=${PAGE_SNAPSHOTS}`), ctx.viewer ? ctx.api!('/solvency/me') : Promise.resolve(null)]);
  const snapshots = ((list?.snapshots as ListedSnapshot[] | undefined) ?? []);
  const asked = ctx.url.searchParams.get('snapshot');
  return {
    snapshots,
    nonce: typeof me?.accountNonce === 'string' ? me.accountNonce : null,
    selected: snapshots.some((s) => s.id === asked) ? asked : null,
  };
}
