import { m } from '../../i18n/paraglide/messages.js';
import { Rich } from '../../i18n/rich';
import type { GameAccountView } from '../../shared/game-accounts';
import { Island } from '../island';
import { formKey } from '../home-actions';
import { withdrawalTimeIn, type FormState, type SiteInfo } from '../page';
import type { Flash } from '../flash';
import { FlashHere } from '../flash-here';
import { Paused } from './paused';
import { REVIEW_STATE } from '../withdraw-actions';
import type { WithdrawReviewView } from '../../shared/withdraw-review';

/** A plain post's review step, from the withdraw actions' own state (never from what a browser posted). */
function reviewOf(form: FormState | null) {
  if (form?.action !== REVIEW_STATE || !form.values.review) return null;
  const { review, currency = '', wallet_address = '', amount = '', tip = '' } = form.values;
  return { view: JSON.parse(review) as WithdrawReviewView, typed: { currency, wallet_address, amount, tip }, notice: form.message ?? null, ...(form.errors.totp && { totpError: form.errors.totp }) };
}

/** One of the dashboard's stacked sections (spec §2): a card with its title, subtitle and form. */
function FormSection({ id, title, subtitle, children, flash }: { id: string; title: string; subtitle: string; children: React.ReactNode; flash?: Flash }) {
  return (
    <section id={id} className="page-section dashboard-section" aria-labelledby={`${id}-title`}>
      <div className="card">
        <h2 id={`${id}-title`} className="card-title">
          {title}
        </h2>
        <p className="card-subtitle">{subtitle}</p>
        <FlashHere flash={flash} at={id} />
        {children}
      </div>
    </section>
  );
}

/** The credential list, then the three stacked forms with anchors #transfer, #redeem and #withdraw. */
export function DashboardForms({ accounts, walletCents, canPlay, form, rateUsdPerBtc = null, formToken, twoStep, site, flash, paused, verifyIdentity = false }: { accounts: GameAccountView[]; walletCents: number; canPlay: boolean; form: FormState | null; rateUsdPerBtc?: number | null; formToken?: string; twoStep?: boolean; site: Pick<SiteInfo, 'bitcoinNetwork' | 'withdrawalTime' | 'withdrawalTiming'>; flash?: Flash; paused?: string | null; verifyIdentity?: boolean }) {
  // A refused plain post comes back to its own form only.
  const posted = (action: string) => (form?.action === action ? { values: form.values, errors: form.errors, message: form.message ?? null, ...(form.link && { link: form.link }) } : null);
  // The withdraw form's steps all come back to it; a review carries its figures (src/pages/withdraw-actions.ts).
  const withdrawPosted = form && ['withdraw', 'withdraw-confirm', 'withdraw-edit'].includes(form.action) ? posted(form.action) : null;
  // The forms need the user names and balances, not the passwords.
  const forForms = accounts.map((a) => ({ ...a, password: null }));
  return (
    <>
      <section id="game-accounts" className="page-section dashboard-section" aria-labelledby="game-accounts-title">
        <div className="section-head">
          <h2 id="game-accounts-title">{m.pages_dash_accounts_title()}</h2>
          <p>{m.pages_dash_accounts_lead()}</p>
        </div>
        <Island name="GameCredentials" props={{ initial: accounts, canPlay, form: posted('reset'), formToken, twoStep, reveal: posted('reveal') }} />
      </section>
      <div className="dashboard-forms">
        <FormSection flash={flash} id="transfer" title={m.pages_dash_transfer_title()} subtitle={m.pages_dash_transfer_lead()}>
          <Paused reason={paused} id="transfer-paused">
            <Island name="GameMoveForm" props={{ kind: 'transfer', accounts: forForms, walletCents, formKey: formKey(), form: posted('transfer'), formToken }} />
          </Paused>
        </FormSection>
        <FormSection flash={flash} id="redeem" title={m.pages_dash_redeem_title()} subtitle={m.pages_dash_redeem_lead()}>
          <Island name="GameMoveForm" props={{ kind: 'redeem', accounts: forForms, walletCents, formKey: formKey(), form: posted('redeem'), formToken }} />
        </FormSection>
        <FormSection flash={flash} id="withdraw" title={m.pages_dash_withdraw_title()} subtitle={m.pages_dash_withdraw_lead()}>
          <Island name="WithdrawForm" props={{ walletCents, rateUsdPerBtc, formKey: formKey(), form: withdrawPosted, review: reviewOf(form), formToken, twoStep, network: site.bitcoinNetwork, withdrawalTime: withdrawalTimeIn(site) }} />
          {verifyIdentity && <p className="field-hint"><Rich text={m.pages_dash_verify_needed()} links={[(w) => <a href="/verify-identity">{w}</a>]} /></p>}
        </FormSection>
      </div>
    </>
  );
}
