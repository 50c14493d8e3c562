import { m } from '../src/i18n/paraglide/messages.js';
import { copyText } from './_client/clipboard';
import { toast } from './_client/toast';
import { useHydrated } from './_client/use-hydrated';

export type AccountNonceProps = { nonce: string };

/**
 * Profile Settings: the player's account nonce, the key of their leaves in every proof of liabilities, with a copy
 * button once the page's script runs (before that, and without script, the text can be selected by hand).
 */
export default function AccountNonce({ nonce }: AccountNonceProps) {
  const hydrated = useHydrated();
  async function copy() {
    if (await copyText(nonce)) toast.success(m.islands_nonce_copied(), { id: 'nonce-copied' });
    else toast.error(m.islands_copy_by_hand(), { id: 'nonce-copied' });
  }
  return (
    <div className="account-nonce">
      <code className="mono break" id="account-nonce">{nonce}</code>
      {hydrated && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={copy} aria-describedby="account-nonce">
          {m.islands_copy()}
        </button>
      )}
    </div>
  );
}
