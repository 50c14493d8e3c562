import { m } from '../../i18n/paraglide/messages.js';
import { Island } from '../island';
import { restrictionWords, type SiteInfo, type Viewer } from '../page';

/**
 * The wallet button (a live island, spec §2). It sits in the header bar itself, outside the collapsible nav,
 * so a player on a phone sees the balance without opening the menu.
 */
export function HeaderWallet({ viewer, site, formToken }: { viewer: Viewer; site: SiteInfo; formToken?: string }) {
  return (
    <div className="header-wallet">
      <Island name="WalletMenu" props={{ walletCents: viewer.walletCents }} />
      <Island name="FreeplayModal" props={{ communityUrl: site.communityUrl, formToken }} />
      <Island name="DepositModal" props={{ paused: restrictionWords(viewer)?.reason ?? null }} />
    </div>
  );
}

/** The signed-in account menu of spec §2, inside the nav. */
export function SignedInMenus({ formToken }: { formToken?: string }) {
  return (
    <>
      <div className="dropdown" data-dropdown>
        <button type="button" className="btn btn-ghost dropdown-toggle" data-dropdown-toggle aria-expanded="false" aria-haspopup="true">
          {m.layout_account()}
        </button>
        <ul className="dropdown-menu dropdown-right" data-dropdown-menu hidden>
          <li><a href="/notifications">{m.layout_account_notifications()}</a></li>
          <li><a href="/transactions">{m.layout_account_transactions()}</a></li>
          <li><a href="/profile-setting">{m.layout_account_settings()}</a></li>
          <li>
            <form method="post" action="/logout">
              {formToken && <input type="hidden" name="_token" value={formToken} />}
              <button type="submit" className="menu-button">{m.layout_account_logout()}</button>
            </form>
          </li>
        </ul>
      </div>
    </>
  );
}

/**
 * The wallet menu's links, in the phone menu without script only (layout.css): the wallet button in the bar needs
 * its script to open, and a phone may never focus it, so these are where Freeplay and the others are reached then.
 */
export function WalletLinks() {
  return (
    <section className="nav-wallet-links" aria-labelledby="nav-wallet-title">
      <h2 id="nav-wallet-title">{m.layout_wallet_title()}</h2>
      <ul>
        <li><a href="/p2p-transfer">{m.layout_nav_send()}</a></li>
        <li><a href="/deposit-bitcoin" data-deposit-open>{m.layout_wallet_deposit()}</a></li>
        <li><a href="/home#withdraw">{m.layout_nav_withdraw()}</a></li>
        <li><a href="/freeplay">{m.layout_wallet_freeplay()}</a></li>
      </ul>
    </section>
  );
}
