import { formatCents } from '../../shared/money';
import type { Viewer } from '../page';

/** The signed-in header: account menu and wallet button (spec §2). */
export function SignedInMenus({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <div className="dropdown" data-dropdown>
        <button type="button" className="btn btn-wallet dropdown-toggle" data-dropdown-toggle aria-expanded="false" aria-haspopup="true">
          <span className="sr-only">Wallet balance </span>
          <span data-wallet-balance>{formatCents(viewer.walletCents)}</span>
        </button>
        <ul className="dropdown-menu" data-dropdown-menu hidden>
          <li><a href="/p2p-transfer">P2P Transfers</a></li>
          <li><a href="/home?deposit=1">Deposit</a></li>
          <li><a href="/home#withdraw">Withdraw</a></li>
          <li><a href="/home?freeplay=1">Freeplay</a></li>
        </ul>
      </div>
      <div className="dropdown" data-dropdown>
        <button type="button" className="btn btn-ghost dropdown-toggle" data-dropdown-toggle aria-expanded="false" aria-haspopup="true">
          Account
        </button>
        <ul className="dropdown-menu dropdown-right" data-dropdown-menu hidden>
          <li><a href="/notifications">Notification</a></li>
          <li><a href="/transactions">Transaction</a></li>
          <li><a href="/profile-setting">Settings</a></li>
          <li>
            <form method="post" action="/logout">
              <button type="submit" className="menu-button">Logout</button>
            </form>
          </li>
        </ul>
      </div>
    </>
  );
}
