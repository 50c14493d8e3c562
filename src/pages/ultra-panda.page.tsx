import { definePage } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { GameDetail } from './sections/game-detail';
import { gameBySlug } from './sections/games';

const game = gameBySlug('ultra-panda');

export default definePage({
  title: 'Ultra Panda',
  description: m.visitor_up_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <GameDetail
      game={game}
      site={site}
      lead={`${game.tagline()} ${m.visitor_up_lead({ site: site.siteName })}`}
      about={
        <>
          <p>{m.visitor_up_about_1()}</p>
          <p>{m.visitor_up_about_2({ site: site.siteName })}</p>
        </>
      }
      features={[
        m.visitor_game_feature_anywhere(),
        m.visitor_game_feature_account(),
        m.visitor_game_feature_credits({ site: site.siteName }),
        m.visitor_game_feature_redeem(),
        m.visitor_game_feature_reset(),
      ]}
    />
  ),
});
