// The header's balance without React: the server drew it inside the WalletMenu island's HTML; pushes and money
// actions move the page's balance (islands/_client/live-state.ts) and this writes it into that HTML until the
// island hydrates, keeping the island's props equal to what is shown so hydration finds no mismatch.
import { ISLAND_HANDOVER, isHydrated, islandProps, setIslandProps } from '../../../islands/_client/island-events';
import { walletStore } from '../../../islands/_client/live-state';
import { formatCents } from '../../shared/money';
import { rememberBalance } from './last-seen';

type WalletProps = { walletCents?: unknown };

export function initHeaderBalance(doc: Document = document): () => void {
  const markers = [...doc.querySelectorAll<HTMLElement>('[data-island="WalletMenu"]')];
  const first = markers[0] && islandProps<WalletProps>(markers[0]);
  if (walletStore.get() === null && typeof first?.walletCents === 'number') walletStore.set(first.walletCents);
  const shown = walletStore.get();
  if (shown !== null) rememberBalance(shown);

  const offs = markers.map((m) => {
    const handover = () => {
      const c = walletStore.get();
      const props = islandProps<WalletProps>(m);
      if (c !== null && props) setIslandProps(m, { ...props, walletCents: c });
    };
    m.addEventListener(ISLAND_HANDOVER, handover, { once: true });
    return () => m.removeEventListener(ISLAND_HANDOVER, handover);
  });
  offs.push(
    walletStore.subscribe((c) => {
      if (c === null) return;
      rememberBalance(c);
      for (const el of doc.querySelectorAll<HTMLElement>('[data-wallet-balance]')) {
        const owner = el.closest<HTMLElement>('[data-island]');
        if (!owner || !isHydrated(owner)) el.textContent = formatCents(c);
      }
    }),
  );
  return () => offs.forEach((off) => off());
}
