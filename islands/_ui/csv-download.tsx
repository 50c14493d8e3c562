import { m } from '../../src/i18n/paraglide/messages.js';

/**
 * The history's Download CSV link: a plain link (the session cookie authorises it), so it works before and without
 * script, and names the tab shown so the file holds what the player is looking at.
 */
export function CsvDownload({ type }: { type: string }) {
  return (
    <p className="tx-download">
      <a className="btn btn-ghost btn-sm" href={`/api/v1/transaction/export.csv?type=${encodeURIComponent(type)}`} download>
        {m.islands_tx_csv()}
      </a>
    </p>
  );
}
