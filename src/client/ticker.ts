// The header ticker (spec §1): demo lines are regenerated locally, live lines come from the API; both every
// 30 s. A failed live refresh keeps the lines already shown.
import { TICKER_LINES, TICKER_REFRESH_MS, TICKER_WHEN, demoTicker, tickerText, type LiveTickerLine, type TickerLine } from '../shared/ticker';

export const TICKER_URL = '/api/v1/ticker';

// A live line as the API sends it: an amount and a day, never a name or a time.
const isLine = (l: any): l is LiveTickerLine =>
  !!l && l.verb === 'withdrew' && Number.isFinite(l.amount) && TICKER_WHEN.includes(l.when);

type Options = { fetch?: typeof fetch; random?: () => number };

export function initTicker(doc: Document = document, opts: Options = {}): () => void {
  const box = doc.querySelector<HTMLElement>('[data-ticker]');
  const list = box?.querySelector('[data-ticker-lines]');
  const mode = box?.dataset.ticker;
  if (!box || !list || (mode !== 'demo' && mode !== 'live')) return () => {};

  // The sentences in the page's language, drawn by the server (src/pages/layout/ticker.tsx).
  const d = box.dataset;
  const words = { withdrew: d.withdrew, 'cashed out': d.cashedOut, live: d.live, today: d.today, yesterday: d.yesterday, 'this week': d.thisWeek };
  const render = (lines: (TickerLine | LiveTickerLine)[]) => {
    list.replaceChildren(
      ...lines.map((l) => {
        const li = doc.createElement('li');
        li.textContent = tickerText(l, words);
        return li;
      }),
    );
    box.hidden = lines.length === 0;
  };
  const get = opts.fetch ?? fetch;
  const refresh =
    mode === 'demo'
      ? async () => render(demoTicker(opts.random))
      : async () => {
          try {
            const res = await get(TICKER_URL, { headers: { accept: 'application/json' } });
            if (!res.ok) return;
            const body = await res.json();
            if (body?.success === true && Array.isArray(body.lines)) render(body.lines.filter(isLine).slice(0, TICKER_LINES));
          } catch {
            // Offline or a bad answer: the lines already shown stay.
          }
        };

  const pause = box.querySelector<HTMLElement>('[data-ticker-pause]');
  const onPause = () => pause!.setAttribute('aria-pressed', String(box.classList.toggle('paused')));
  pause?.addEventListener('click', onPause);
  // Each visitor gets fresh lines, not the ones drawn when the cached page was rendered.
  void refresh();
  const timer = setInterval(refresh, TICKER_REFRESH_MS);
  return () => {
    clearInterval(timer);
    pause?.removeEventListener('click', onPause);
  };
}
