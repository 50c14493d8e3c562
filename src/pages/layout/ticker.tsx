import { demoTicker, tickerText } from '../../shared/ticker';
import type { SiteInfo } from '../page';

/**
 * The header ticker (spec §1). Demo lines are drawn here for the first paint and renewed by the enhancement
 * script and labelled 'Demo' so nobody takes them for real cash-outs; live lines arrive from the API, so a live
 * ticker stays hidden until it has some.
 */
export function Ticker({ mode }: { mode: SiteInfo['tickerMode'] }) {
  if (mode === 'off') return null;
  const lines = mode === 'demo' ? demoTicker() : [];
  return (
    <div className="ticker" data-ticker={mode} role="marquee" aria-label={mode === 'demo' ? 'Example cash-outs' : 'Recent cash-outs'} hidden={lines.length === 0}>
      {mode === 'demo' && <span className="ticker-demo" title="These lines are invented examples, not real cash-outs">Demo</span>}
      <ul className="ticker-track" data-ticker-lines="">
        {lines.map((l, i) => (
          <li key={i}>{tickerText(l)}</li>
        ))}
      </ul>
      <button type="button" className="ticker-pause" data-ticker-pause="" aria-pressed="false" aria-label="Pause ticker" />
    </div>
  );
}
