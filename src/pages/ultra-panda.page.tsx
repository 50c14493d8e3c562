import { definePage } from './page';
import { GameDetail } from './sections/game-detail';
import { gameBySlug } from './sections/games';

const game = gameBySlug('ultra-panda');

export default definePage({
  title: 'Ultra Panda',
  description: 'Play Ultra Panda slots, fish tables and keno with credits from your wallet. Download the app and load credits in seconds.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <GameDetail
      game={game}
      site={site}
      lead={`${game.tagline} Load it with credits from your ${site.siteName} wallet and redeem your winnings back whenever you like.`}
      about={
        <>
          <p>
            Ultra Panda is a sweepstakes game platform with many titles in one app: spinning slots with bonus rounds,
            multiplayer fish tables where you aim and shoot for prizes, and quick keno-style draws.
          </p>
          <p>
            It runs on phones and in the browser. You sign in with the game account that {site.siteName} sets
            up for you; your username and password are in the game library on your dashboard.
          </p>
        </>
      }
      features={[
        'Play on your phone or in the browser',
        'Your game account is created for you; no separate sign-up',
        `Credits come from your ${site.siteName} wallet in seconds`,
        'Redeem winnings back to your wallet at any time',
        'Forgot the game password? Request a reset from your game library',
      ]}
    />
  ),
});
