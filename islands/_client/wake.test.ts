import { describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { ISLAND_HYDRATED } from './island-events';
import { islandModules, MODULES_ID, wakeIslands } from './wake';

// A player's page: one boot script adds each island's module when its marker's policy says (data-load).
function page(body: string, modules: Record<string, string>) {
  const window = new Window({ url: 'http://localhost:3000/home' });
  const doc = window.document as unknown as Document;
  doc.body.innerHTML = body + `<script type="application/json" id="${MODULES_ID}">${JSON.stringify(modules)}</script>`;
  const added = () => [...doc.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  const fire = (el: Element, type: string) => el.dispatchEvent(new window.Event(type, { bubbles: true }) as unknown as Event);
  return { window, doc, added, fire };
}
const island = (name: string, inner = '', load = 'interaction') => `<div data-island="${name}" data-load="${load}" data-prefix="i-">${inner}</div>`;
const MODULES = { WalletMenu: '/build/W.js', FreeplayModal: '/build/F.js', DepositModal: '/build/D.js', P2PTransferForm: '/build/P.js', VerifyEmail: '/build/V.js' };

describe('waking a player\'s islands', () => {
  test('the page lists its modules in one block; nothing is fetched before the first focus, keystroke or tap inside an island', () => {
    for (const event of ['focusin', 'input', 'pointerdown']) {
      const { doc, added, fire } = page(island('P2PTransferForm', '<form><input id="amount"></form>') + '<p id="out">x</p>', MODULES);
      expect(islandModules(doc)).toEqual(MODULES);
      wakeIslands(islandModules(doc), doc);
      expect(added()).toEqual([]);
      fire(doc.getElementById('out')!, event);
      expect(added()).toEqual([]);
      fire(doc.getElementById('amount')!, event);
      fire(doc.getElementById('amount')!, 'focusin');
      expect(added()).toEqual(['/build/P.js']);
    }
  });

  test('an island the page wants at once (load) is added at once; one not on the page or unknown is never added', () => {
    const { doc, added } = page(island('VerifyEmail', '', 'load') + island('Nope'), MODULES);
    wakeIslands(islandModules(doc), doc);
    expect(added()).toEqual(['/build/V.js']);
  });

  test('the header\'s wallet menu wakes its modals with it; a Deposit link anywhere wakes the deposit modal', () => {
    const header = island('WalletMenu', '<button type="button" id="wallet">$5.00</button>') + island('FreeplayModal') + island('DepositModal');
    const a = page(header, MODULES);
    wakeIslands(islandModules(a.doc), a.doc);
    a.fire(a.doc.getElementById('wallet')!, 'pointerdown');
    expect(a.added().sort()).toEqual(['/build/D.js', '/build/F.js', '/build/W.js']);

    const b = page(header + '<a href="/deposit-bitcoin" data-deposit-open="" id="dep">Deposit</a>', MODULES);
    wakeIslands(islandModules(b.doc), b.doc);
    b.fire(b.doc.getElementById('dep')!, 'focusin');
    expect(b.added().sort()).toEqual(['/build/D.js', '/build/F.js', '/build/W.js']);
  });

  test('a tap on a script-only button before hydration is given to the island once it is hydrated, once; a submit is not held', async () => {
    const { doc, fire, window } = page(island('WalletMenu', '<button type="button" id="wallet">$5.00</button><form action="/home"><button id="go">Go</button></form>'), MODULES);
    wakeIslands(islandModules(doc), doc);
    const clicks: string[] = [];
    doc.addEventListener('click', (e) => clicks.push((e.target as Element).id));
    const wallet = doc.getElementById('wallet')!;
    fire(wallet, 'pointerdown');
    (wallet as HTMLElement).click();
    (wallet as HTMLElement).click();
    fire(doc.getElementById('go')!, 'click');
    expect(clicks).toEqual(['wallet', 'wallet', 'go']);
    const m = doc.querySelector<HTMLElement>('[data-island="WalletMenu"]')!;
    m.dataset.hydrated = '';
    m.dispatchEvent(new window.CustomEvent(ISLAND_HYDRATED) as unknown as Event);
    await new Promise((r) => setTimeout(r, 10));
    expect(clicks).toEqual(['wallet', 'wallet', 'go', 'wallet']);
    // Hydrated: taps are React's, nothing more is replayed.
    (wallet as HTMLElement).click();
    await new Promise((r) => setTimeout(r, 10));
    expect(clicks.length).toBe(5);
  });

  test('the submit of a form that waits for its island is held before hydration (no plain submit) and given to React once it is', async () => {
    const form = (id: string, wait: boolean) => `<form id="${id}" method="get" action="/solvency"${wait ? ' data-wait-for-island=""' : ''}><input id="${id}-nonce"><button id="${id}-check">Check</button></form>`;
    const { doc, fire, window } = page(island('SolvencyCheck', form('held', true)) + island('P2PTransferForm', form('plain', false)), { ...MODULES, SolvencyCheck: '/build/S.js' });
    wakeIslands(islandModules(doc), doc);
    const seen: string[] = [];
    // Bubbling listeners see what reached the page: a click, and whether its default (the plain submit) was prevented.
    doc.addEventListener('click', (e) => seen.push(`${(e.target as Element).id}${e.defaultPrevented ? ' held' : ''}`));
    const tap = (id: string) => {
      const b = doc.getElementById(id)!;
      fire(b, 'pointerdown');
      b.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event);
    };
    tap('held-check');
    tap('plain-check');
    expect(seen).toEqual(['held-check held', 'plain-check']);
    const marker = doc.querySelector<HTMLElement>('[data-island="SolvencyCheck"]')!;
    marker.dataset.hydrated = '';
    marker.dispatchEvent(new window.CustomEvent(ISLAND_HYDRATED) as unknown as Event);
    await new Promise((r) => setTimeout(r, 10));
    // Replayed once React is there, and this time not held: React's submit handler takes it.
    expect(seen).toEqual(['held-check held', 'plain-check', 'held-check']);
  });

  test('a broken or missing module list wakes nothing', () => {
    const window = new Window({ url: 'http://localhost:3000/home' });
    const doc = window.document as unknown as Document;
    doc.body.innerHTML = `<script type="application/json" id="${MODULES_ID}">{not json</script>`;
    expect(islandModules(doc)).toEqual({});
  });
});
