import { definePage } from './page';
import { GameDetail } from './sections/game-detail';
import { gameBySlug } from './sections/games';

const game = gameBySlug('vblink');

export default definePage({
  title: 'VBlink',
  description: 'Play VBlink slots and fish hunts with credits from your wallet. Download the app and load credits in seconds.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <GameDetail
      game={game}
      site={site}
      lead={`${game.tagline} Fund it from your ${site.siteName} wallet and bring winnings back in a couple of taps.`}
      about={
        <>
          <p>
            VBlink is a sweepstakes arcade with neon-styled slot machines, fish hunts that reward sharp aim, and short
            arcade rounds that suit a few minutes of play on the go.
          </p>
          <p>
            Download the app from the VBlink site, then sign in with the game account {site.siteName} creates for you;
            the username and password are in the game library on your dashboard.
          </p>
        </>
      }
      features={[
        'Fast rounds that suit play on a phone',
        'Your game account is created for you; no separate sign-up',
        `Credits come from your ${site.siteName} wallet in seconds`,
        'Redeem winnings back to your wallet at any time',
        'Forgot the game password? Request a reset from your game library',
      ]}
    />
  ),
});
