import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { formatCents } from '../src/shared/money';
import { openFreeplay } from './_client/freeplay';
import { walletCents } from './_client/signals';
import { startRealtime } from './_client/socket';
import { useSignalValue } from './_client/use-signal';

export type WalletMenuProps = { walletCents: number };

/**
 * The header's wallet button (spec §2): the live available balance and the wallet actions. The first HTML
 * shows the server's balance; afterwards the shared signal, fed by pushes and money actions, drives it.
 */
export default function WalletMenu(props: WalletMenuProps) {
  const live = useSignalValue(walletCents, null);
  const balance = live ?? props.walletCents;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (walletCents.value === null) walletCents.value = props.walletCents;
    startRealtime();
  }, []);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      // Arrow keys open the menu and move through its items, wrapping at the ends.
      if (!open) flushSync(() => setOpen(true));
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = at === -1 ? (step === 1 ? 0 : list.length - 1) : (at + step + list.length) % list.length;
      list[next]?.focus();
    }
  }

  function freeplay(e: React.MouseEvent) {
    // With script the modal opens in place; the link is for before and without it.
    e.preventDefault();
    // Focus the wallet button first: the modal hands focus back to it when it closes.
    close(true);
    openFreeplay();
  }

  return (
    <div className="dropdown wallet-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn btn-wallet dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="sr-only">{`${m.islands_wallet_balance()} `}</span>
        <span className="wallet-amount" data-wallet-balance>{formatCents(balance)}</span>
      </button>
      <ul id={menuId} className="dropdown-menu dropdown-right wallet-menu-list" hidden={!open}>
        <li><a data-menu-item href="/p2p-transfer">{m.islands_wallet_send()}</a></li>
        <li><a data-menu-item data-deposit-open href="/deposit-bitcoin" onClick={() => close(true)}>{m.islands_wallet_deposit()}</a></li>
        <li><a data-menu-item href="/home#withdraw">{m.islands_wallet_withdraw()}</a></li>
        <li>
          <a data-menu-item href="/freeplay" onClick={freeplay}>{m.islands_wallet_freeplay()}</a>
        </li>
      </ul>
    </div>
  );
}
