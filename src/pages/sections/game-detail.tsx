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
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li><a href="/#games">Games</a></li>
            <li aria-current="page">{game.name}</li>
          </ol>
        </nav>
        <div className="game-hero">
          <div>
            <h1 className="page-title">{game.name}</h1>
            <p className="page-lead">{lead}</p>
            <div className="hero-actions">
              <ExternalLink className="btn btn-primary" href={game.downloadUrl(site)}>Download {game.name}</ExternalLink>
              <a className="btn btn-ghost" href="/register">Create your account</a>
            </div>
          </div>
          <img src={game.image} alt={`${game.name} game artwork`} width="640" height="400" fetchPriority="high" />
        </div>
        <div className="two-col">
          <div className="card">
            <h2 className="card-title">About {game.name}</h2>
            {about}
          </div>
          <div className="card">
            <h2 className="card-title">Good to know</h2>
            <ul className="checklist">
              {features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <HowItWorks siteName={site.siteName} game={game.name} />
      <section className="page-section" aria-label="Other games">
        <div className="banner">
          <p>
            <strong>Also on {site.siteName}:</strong> {other.name}. {other.tagline}
          </p>
          <a className="btn btn-ghost" href={other.path}>Discover {other.name}</a>
        </div>
      </section>
    </>
  );
}
