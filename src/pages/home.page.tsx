import { accountsFromApi } from '../shared/game-accounts';
import { DashboardForms } from './sections/dashboard-forms';
import { GamesGrid } from './sections/games-grid';
import { Hero } from './sections/hero';
import { PlayerBar } from './sections/player-bar';
import { ServicesGrid } from './sections/services-grid';
import { definePage, restrictionWords, withdrawalTimeIn, type PageContext } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { homeActions } from './home-actions';

type HomeData = { accounts: ReturnType<typeof accountsFromApi>; rate: number | null; verifyIdentity: boolean };

/** spec §2 Dashboard: bar, hero, Game Library, credentials, the three stacked forms, Account Services. */
export default definePage({
  title: m.pages_home_title,
  access: 'private',
  actions: homeActions,
  // The same call the islands make, as this player: their accounts are made on this first read if need be.
  load: async (ctx): Promise<HomeData> => {
    const [games, rate, identity] = await Promise.all([ctx.api?.('/games/list'), ctx.api?.('/btc/rate'), ctx.api?.('/identity')]);
    // The withdraw card asks for identity only when the next cash-out needs it and the player is not verified yet.
    const id = identity?.data as { identityRequired?: boolean; status?: string } | undefined;
    return { accounts: accountsFromApi(games?.userGames), rate: typeof rate?.rate === 'number' ? rate.rate : null, verifyIdentity: id?.identityRequired === true && id.status !== 'verified' };
  },
  render: (ctx: PageContext) => {
    const viewer = ctx.viewer!;
    const { accounts, rate, verifyIdentity } = ctx.data as HomeData;
    const paused = restrictionWords(viewer)?.reason;
    return (
      <div className="dashboard" id="home">
        <PlayerBar playerId={viewer.playerId} paused={paused} />
        <Hero
          eyebrow={viewer.name ? m.pages_home_welcome_name({ name: viewer.name }) : m.pages_home_welcome()}
          title={m.pages_home_hero_title()}
          lead={m.pages_home_hero_lead()}
          image={{ src: '/images/hero.svg', alt: '', width: 480, height: 400 }}
          actions={
            paused ? (
              <>
                <button type="button" className="btn btn-primary" disabled aria-describedby="deposit-paused">
                  {m.pages_home_deposit_now()}
                </button>
                <p className="paused-reason" id="deposit-paused">{paused}</p>
              </>
            ) : (
              <a className="btn btn-primary" href="/deposit-bitcoin" data-deposit-open="">
                {m.pages_home_deposit_now()}
              </a>
            )
          }
        />
        <GamesGrid site={ctx.site} title={m.pages_home_games_title()} eager />
        <DashboardForms accounts={accounts} walletCents={viewer.walletCents} canPlay={ctx.site.sandboxGames === true && ctx.sandboxControls === true} form={ctx.form ?? null} rateUsdPerBtc={rate} formToken={ctx.formToken} twoStep={viewer.twoStep} site={ctx.site} flash={ctx.flash} paused={paused} verifyIdentity={verifyIdentity} />
        <ServicesGrid signedIn withdrawalTime={withdrawalTimeIn(ctx.site)} />
        {/* A long page on a phone: back to the top in one tap ("#top" is the top of the document, header and all). */}
        <a className="to-top" href="#top" data-to-top="">
          <span aria-hidden="true">↑</span> {m.pages_home_top()}
        </a>
      </div>
    );
  },
});
