import { definePage, withdrawalTimeIn } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { GamesGrid } from './sections/games-grid';

const FOUNDED = 2020;

const VALUES = [
  { id: 'fast', title: m.visitor_value_fast, text: m.visitor_value_fast_text },
  { id: 'safe', title: m.visitor_value_safe, text: m.visitor_value_safe_text },
  { id: 'clear', title: m.visitor_value_clear, text: m.visitor_value_clear_text },
  { id: 'responsible', title: m.visitor_value_responsible, text: m.visitor_value_responsible_text },
];

export default definePage({
  title: m.visitor_about_title,
  description: m.visitor_about_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <section className="page-section narrow">
        <h1 className="page-title">{m.visitor_about_heading({ site: site.siteName })}</h1>
        <p className="founded">
          <span className="muted">{m.visitor_about_founded()}</span> <strong>{FOUNDED}</strong>
        </p>
        <p className="page-lead">{m.visitor_about_lead({ site: site.siteName, year: FOUNDED })}</p>
        <div className="prose">
          <h2>{m.visitor_about_story()}</h2>
          <p>{m.visitor_about_story_1({ site: site.siteName })}</p>
          <p>{m.visitor_about_story_2()}</p>
          <h2>{m.visitor_about_what()}</h2>
          <p>{m.visitor_about_what_text({ site: site.siteName })}</p>
        </div>
      </section>
      <section className="page-section" aria-labelledby="values-title">
        <div className="section-head">
          <h2 id="values-title">{m.visitor_about_values()}</h2>
        </div>
        <ul className="value-grid">
          {VALUES.map((v) => (
            <li key={v.id} className="card">
              <h3>{v.title()}</h3>
              <p>{v.id === 'fast' ? `${v.text()} ${withdrawalTimeIn(site)}` : v.text()}</p>
            </li>
          ))}
        </ul>
        <div className="banner">
          <p>{m.visitor_about_questions()}</p>
          <a className="btn btn-primary" href="/support">{m.visitor_about_contact()}</a>
        </div>
      </section>
      <GamesGrid site={site} title={m.visitor_about_games()} />
    </>
  ),
});
