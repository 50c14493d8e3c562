import type { ProfileDetails } from '../../islands/AccountInfoForm';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { OPERATOR_SIGN_IN_AGAIN_MESSAGE, OPERATOR_TWO_STEP_MESSAGE } from '../services/auth/console-access';
import { FormToken } from '../../islands/_ui/form-token';
import { profileActions } from './account-actions';
import { TwoStepSection, twoStepActions, twoStepMail, type TwoStepMail } from './sections/two-step-section';
import { loadProtection, type ProtectionData } from './profile/protection-data';
import { protectionActions } from './profile/protection-actions';
import { ProtectionSections } from './profile/protection-sections';
import { PrivacySection, privacyActions } from './profile/privacy-section';
import { LanguageSection, languageActions } from './profile/language-section';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

// The link to the identity page says where the player stands, not "verify" once that is done.
const IDENTITY_LINK: Record<string, () => string> = { verified: m.profile_identity_verified, submitted: m.profile_identity_submitted };

export default definePage({
  title: m.profile_title,
  access: 'private',
  actions: { ...profileActions, ...twoStepActions, ...protectionActions, ...privacyActions, ...languageActions },
  // The session lookup already read the player's own row, so the form is filled in the first HTML.
  load: async (ctx): Promise<ProfileDetails & { protection: ProtectionData; identity: string | null; accountNonce: string | null; tickerOptIn: boolean; twoStep: TwoStepMail }> => {
    // An operator's two-step may wait for a mailed link: the section says so (players' never does, so no call for them).
    const [protection, identity, solvency, privacy, twoStep] = await Promise.all([loadProtection(ctx), ctx.api!('/identity'), ctx.api!('/solvency/me'), ctx.api!('/user/privacy'),
      ctx.viewer!.role === 'ADMIN' && !ctx.viewer!.twoStep ? ctx.api!('/user/2fa') : null]);
    return {
      name: ctx.viewer!.name ?? '',
      phoneNo: ctx.viewer!.phoneNo ?? '',
      email: ctx.viewer!.email,
      pendingEmail: ctx.viewer!.pendingEmail ?? null,
      protection,
      identity: ((identity?.data as { status?: string } | undefined)?.status) ?? null,
      accountNonce: typeof solvency?.accountNonce === 'string' ? solvency.accountNonce : null,
      tickerOptIn: (privacy?.privacy as { tickerOptIn?: boolean } | undefined)?.tickerOptIn === true,
      twoStep: twoStepMail(twoStep?.data),
    };
  },
  render: (ctx: PageContext) => (
    <section className="page-section profile-page">
      <h1 className="page-title">{m.profile_title()}</h1>
      <p className="page-lead">
        {`${m.profile_player_id()} `}<strong>{ctx.viewer!.playerId}</strong> · <a href="/verify-identity">{(IDENTITY_LINK[(ctx.data as { identity: string | null }).identity ?? ''] ?? m.profile_identity_verify)()}</a>
      </p>
      <div className="profile-grid">
        <section className="card" aria-labelledby="account-info-title">
          <h2 id="account-info-title">{m.profile_account_info()}</h2>
          <Island name="AccountInfoForm" props={{ user: profileOnly(ctx.data as ProfileDetails), form: ctx.form?.action === 'profile' ? ctx.form : null, formToken: ctx.formToken, twoStep: ctx.viewer!.twoStep, operator: ctx.viewer!.role === 'ADMIN' }} />
        </section>
        <section className="card" aria-labelledby="change-password-title">
          <h2 id="change-password-title">{m.profile_change_password()}</h2>
          <Island name="ChangePasswordForm" props={{ form: ctx.form?.action === 'password' ? ctx.form : null, formToken: ctx.formToken }} />
        </section>
        <TwoStepSection ctx={ctx} mail={(ctx.data as { twoStep: TwoStepMail }).twoStep} notice={<ConsoleNotice ctx={ctx} />} />
        <PrivacySection ctx={ctx} tickerOptIn={(ctx.data as { tickerOptIn: boolean }).tickerOptIn} />
        <LanguageSection ctx={ctx} />
        <AccountNonceSection nonce={(ctx.data as { accountNonce: string | null }).accountNonce} />
      </div>
      <ProtectionSections ctx={ctx} data={(ctx.data as { protection: ProtectionData }).protection} />
    </section>
  ),
});

/** The key of the player's leaves in each proof of liabilities, with a copy button. */
function AccountNonceSection({ nonce }: { nonce: string | null }) {
  if (!nonce) return null;
  return (
    <section className="card" aria-labelledby="account-nonce-title">
      <h2 id="account-nonce-title">{m.profile_nonce_title()}</h2>
      <p>
        <Rich text={m.profile_nonce_text()} links={[(w) => <a href="/solvency">{w}</a>]} />
      </p>
      <Island name="AccountNonce" props={{ nonce }} />
    </section>
  );
}

/**
 * An operator sent here by the console's guard: without two-step, turn it on; with it on but a session signed in by
 * the password alone (one that turned it on just now included), sign out and sign in again with the code.
 */
function ConsoleNotice({ ctx }: { ctx: PageContext }) {
  const asked = ctx.url.searchParams.get('two-step');
  const v = ctx.viewer!;
  if (v.role !== 'ADMIN' || (asked !== 'required' && asked !== 'sign-in-again') || v.secondFactor) return null;
  if (!v.twoStep) return <p className="alert alert-error console-notice" role="alert">{OPERATOR_TWO_STEP_MESSAGE}</p>;
  return (
    <div className="alert alert-error console-notice" role="alert">
      <p>{OPERATOR_SIGN_IN_AGAIN_MESSAGE}</p>
      <form method="post" action="/logout">
        <FormToken value={ctx.formToken} />
        <input type="hidden" name="next" value="/admin" />
        <button type="submit" className="btn btn-primary btn-sm">{m.profile_console_sign_in_again()}</button>
      </form>
    </div>
  );
}

// The island gets only the profile fields, not the protection sections' data.
const profileOnly = ({ name, phoneNo, email, pendingEmail }: ProfileDetails): ProfileDetails => ({ name, phoneNo, email, pendingEmail });
