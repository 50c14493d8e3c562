import { m } from '../../i18n/paraglide/messages.js';
/** Four steps from sign-up to cash-out; `game` names one game on its own info page. */
export function HowItWorks({ siteName, game, headingId = 'how-title' }: { siteName: string; game?: string; headingId?: string }) {
  const where = game ?? m.visitor_how_both_games();
  return (
    <section className="page-section" id="how-it-works" aria-labelledby={headingId}>
      <div className="section-head">
        <p className="eyebrow">{m.visitor_how_eyebrow()}</p>
        <h2 id={headingId}>{game ? m.visitor_how_title_game({ game, site: siteName }) : m.visitor_how_title()}</h2>
      </div>
      <ol className="steps">
        <li>
          <h3>{m.visitor_how_account()}</h3>
          <p>{m.visitor_how_account_text()}</p>
        </li>
        <li>
          <h3>{m.visitor_how_deposit()}</h3>
          <p>{m.visitor_how_deposit_text()}</p>
        </li>
        <li>
          <h3>{m.visitor_how_transfer({ where })}</h3>
          <p>{m.visitor_how_transfer_text()}</p>
        </li>
        <li>
          <h3>{m.visitor_how_redeem()}</h3>
          <p>{m.visitor_how_redeem_text()}</p>
        </li>
      </ol>
    </section>
  );
}
