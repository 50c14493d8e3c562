import { m } from '../../i18n/paraglide/messages.js';
import { Rich } from '../../i18n/rich';
import type { ReactNode } from 'react';
import type { SiteInfo } from '../page';
import { ExternalLink } from './external-link';
import { GAMES, type GameInfo } from './games';
import { HowItWorks } from './how-it-works';

type GameDetailProps = { game: GameInfo; site: SiteInfo; lead: string; about: ReactNode; features: string[] };

/** A game's info page: artwork, download, what it is, how to play with the wallet, and the other game. */
export function GameDetail({ game, site, lead, about, features }: GameDetailProps) {
  const other = GAMES.find((g) => g.slug !== game.slug)!;
  return (
    <>
      <section className="page-section">
        <nav className="breadcrumbs" aria-label={m.visitor_game_breadcrumb()}>
          <ol>
            <li><a href="/#games">{m.visitor_game_games()}</a></li>
            <li aria-current="page">{game.name}</li>
          </ol>
        </nav>
        <div className="game-hero">
          <div>
            <h1 className="page-title">{game.name}</h1>
            <p className="page-lead">{lead}</p>
            <div className="hero-actions">
              <ExternalLink className="btn btn-primary" href={game.downloadUrl(site)}>{m.visitor_game_download({ game: game.name })}</ExternalLink>
              <a className="btn btn-ghost" href="/register">{m.visitor_game_create()}</a>
            </div>
          </div>
          <img src={game.image} alt={m.visitor_games_artwork({ game: game.name })} width="640" height="400" fetchPriority="high" />
        </div>
        <div className="two-col">
          <div className="card">
            <h2 className="card-title">{m.visitor_game_about({ game: game.name })}</h2>
            {about}
          </div>
          <div className="card">
            <h2 className="card-title">{m.visitor_game_good()}</h2>
            <ul className="checklist">
              {features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <HowItWorks siteName={site.siteName} game={game.name} />
      <section className="page-section" aria-label={m.visitor_game_others()}>
        <div className="banner">
          <p>
            <Rich text={m.visitor_game_also({ site: site.siteName, game: other.name })} /> {other.tagline()}
          </p>
          <a className="btn btn-ghost" href={other.path}>{m.visitor_game_discover({ game: other.name })}</a>
        </div>
      </section>
    </>
  );
}
