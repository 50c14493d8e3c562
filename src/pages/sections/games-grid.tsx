import { m } from '../../i18n/paraglide/messages.js';
import type { SiteInfo } from '../page';
import { ExternalLink } from './external-link';
import { GAMES } from './games';

/**
 * Both games with Download links to their own sites (spec §2) and a link to each info page. `eager`: the artwork
 * is in a phone's first screen (the dashboard), where lazy loading would hold it, the largest paint there, until
 * the stylesheet has been laid out.
 */
export function GamesGrid({ site, title = m.visitor_games_title(), eager = false }: { site: SiteInfo; title?: string; eager?: boolean }) {
  return (
    <section className="page-section" id="games" aria-labelledby="games-title">
      <div className="section-head">
        <p className="eyebrow">{m.visitor_games_eyebrow()}</p>
        <h2 id="games-title">{title}</h2>
        <p>{m.visitor_games_lead({ site: site.siteName })}</p>
      </div>
      <ul className="game-grid">
        {GAMES.map((g) => (
          <li key={g.slug}>
            <article className="card game-card" aria-labelledby={`game-${g.slug}`}>
              <img src={g.image} alt={m.visitor_games_artwork({ game: g.name })} width="640" height="400" loading={eager ? 'eager' : 'lazy'} {...(eager && { fetchPriority: 'low' as const })} />
              <div className="game-card-body">
                <h3 id={`game-${g.slug}`}>{g.name}</h3>
                <ul className="game-tags" aria-label={m.visitor_games_types()}>
                  {g.tags.map((t) => (
                    <li key={t()}>{t()}</li>
                  ))}
                </ul>
                <p>{g.tagline()}</p>
                <div className="card-actions">
                  <ExternalLink className="btn btn-primary" href={g.downloadUrl(site)}>
                    {m.visitor_games_download()}<span className="sr-only"> {g.name}</span>
                  </ExternalLink>
                  <a className="btn btn-ghost" href={g.path}>
                    {m.visitor_games_about()}<span className="sr-only"> {g.name}</span>
                  </a>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
