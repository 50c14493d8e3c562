import { m } from '../../src/i18n/paraglide/messages.js';
import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in on open (to its first field), Tab stays inside, Escape or the backdrop closes, and focus goes back
 * to where it was.
 */
export function Modal({ title, onClose, children, icon }: { title: string; onClose: () => void; children: ReactNode; icon?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    // Into its first field when it has one (typing then Enter submits, rather than pressing Close), else its first control.
    (dialog?.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') return close.current();
      if (e.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);

  return (
    <div className="modal" onMouseDown={(e) => e.target === e.currentTarget && close.current()}>
      <div className="modal-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
        <button type="button" className="modal-close" aria-label={m.auth_modal_close()} onClick={() => close.current()}>
          ×
        </button>
        {icon}
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
