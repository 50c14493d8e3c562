import { demoTicker, tickerText } from '../../shared/ticker';
import type { SiteInfo } from '../page';
import { m } from '../../i18n/paraglide/messages.js';

// The line's words with their places kept ({name}, {amount}, {seconds}): the enhancement script fills them for each
// new line, so it carries no catalogue of its own.
const template = (msg: typeof m.layout_ticker_withdrew) => msg({ name: '{name}', amount: '{amount}', seconds: '{seconds}' });

/**
 * The header ticker (spec §1). Demo lines are drawn here for the first paint and renewed by the enhancement
 * script and labelled 'Demo' so nobody takes them for real cash-outs; live lines arrive from the API, so a live
 * ticker stays hidden until it has some.
 */
export function Ticker({ mode }: { mode: SiteInfo['tickerMode'] }) {
  if (mode === 'off') return null;
  const lines = mode === 'demo' ? demoTicker() : [];
  const words = { withdrew: template(m.layout_ticker_withdrew), 'cashed out': template(m.layout_ticker_cashed_out) };
  // Live lines name no one and say only the day (docs/decisions/ticker-privacy.md).
  const live = { live: m.layout_ticker_live({ amount: '{amount}', when: '{when}' }), today: m.layout_ticker_today(), yesterday: m.layout_ticker_yesterday(), thisWeek: m.layout_ticker_this_week() };
  return (
    <div className="ticker" data-ticker={mode} data-withdrew={words.withdrew} data-cashed-out={words['cashed out']}
      data-live={live.live} data-today={live.today} data-yesterday={live.yesterday} data-this-week={live.thisWeek} role="marquee"
      aria-label={mode === 'demo' ? m.layout_ticker_demo_label() : m.layout_ticker_live_label()} hidden={lines.length === 0}>
      {mode === 'demo' && <span className="ticker-demo" title={m.layout_ticker_demo_title()}>{m.layout_ticker_demo()}</span>}
      <ul className="ticker-track" data-ticker-lines="">
        {lines.map((l, i) => (
          <li key={i}>{tickerText(l, words)}</li>
        ))}
      </ul>
      <button type="button" className="ticker-pause" data-ticker-pause="" aria-pressed="false" aria-label={m.layout_ticker_pause()} />
    </div>
  );
}
