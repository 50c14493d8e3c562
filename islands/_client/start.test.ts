import { describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { startIsland } from './start';

// When an island's code is fetched follows the policy its page wrote on each marker (data-load).
function page(markers: string) {
  const window = new Window({ url: 'http://localhost:3000/' });
  const doc = window.document as unknown as Document;
  doc.body.innerHTML = markers;
  const added = () => [...doc.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  return { window, doc, added };
}

describe('island starter', () => {
  test('no policy: the module is added at once, once', () => {
    const { doc, added } = page('<div data-island="A"><input></div><div data-island="A"></div>');
    startIsland('A', '/build/A.island.js', doc);
    expect(added()).toEqual(['/build/A.island.js']);
  });

  test('interaction: nothing until a focus, keystroke or tap inside the island; then once', () => {
    for (const event of ['focusin', 'input', 'pointerdown']) {
      const { doc, added, window } = page('<div data-island="F" data-load="interaction"><form><input id="e"></form></div><p id="out">x</p>');
      startIsland('F', '/build/F.island.js', doc);
      expect(added()).toEqual([]);
      // Outside the island: still nothing.
      doc.getElementById('out')!.dispatchEvent(new window.Event(event, { bubbles: true }) as unknown as Event);
      expect(added()).toEqual([]);
      doc.getElementById('e')!.dispatchEvent(new window.Event(event, { bubbles: true }) as unknown as Event);
      doc.getElementById('e')!.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
      expect({ event, added: added() }).toEqual({ event, added: ['/build/F.island.js'] });
    }
  });

  test('interaction: focus already inside when the starter runs (typing began first) starts at once', () => {
    const { doc, added } = page('<div data-island="F" data-load="interaction"><input id="e"></div>');
    (doc.getElementById('e') as HTMLInputElement).focus();
    startIsland('F', '/build/F.island.js', doc);
    expect(added()).toEqual(['/build/F.island.js']);
  });

  test('a page with one marker that loads at once starts at once, whatever the others say', () => {
    const { doc, added } = page('<div data-island="R" data-load="interaction"></div><div data-island="R"></div>');
    startIsland('R', '/build/R.island.js', doc);
    expect(added()).toEqual(['/build/R.island.js']);
  });
});
