import { definePage } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { GameDetail } from './sections/game-detail';
import { gameBySlug } from './sections/games';

const game = gameBySlug('vblink');

export default definePage({
  title: 'VBlink',
  description: m.visitor_vb_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <GameDetail
      game={game}
      site={site}
      lead={`${game.tagline()} ${m.visitor_vb_lead({ site: site.siteName })}`}
      about={
        <>
          <p>{m.visitor_vb_about_1()}</p>
          <p>{m.visitor_vb_about_2({ site: site.siteName })}</p>
        </>
      }
      features={[
        m.visitor_vb_feature_fast(),
        m.visitor_game_feature_account(),
        m.visitor_game_feature_credits({ site: site.siteName }),
        m.visitor_game_feature_redeem(),
        m.visitor_game_feature_reset(),
      ]}
    />
  ),
});
