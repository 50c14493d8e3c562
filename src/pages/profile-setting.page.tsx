import type { ProfileDetails } from '../../islands/AccountInfoForm';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { OPERATOR_TWO_STEP_MESSAGE } from '../http/session';
import { profileActions } from './account-actions';
import { TwoStepSection, twoStepActions } from './sections/two-step-section';
import { loadProtection, type ProtectionData } from './profile/protection-data';
import { protectionActions } from './profile/protection-actions';
import { ProtectionSections } from './profile/protection-sections';
import { LanguageSection, languageActions } from './profile/language-section';

// The link to the identity page says where the player stands, not "verify" once that is done.
const IDENTITY_LINK: Record<string, string> = { verified: 'Identity verified', submitted: 'Identity under review' };

export default definePage({
  title: 'Profile Settings',
  access: 'private',
  actions: { ...profileActions, ...twoStepActions, ...protectionActions, ...languageActions },
  // The session lookup already read the player's own row, so the form is filled in the first HTML.
  load: async (ctx): Promise<ProfileDetails & { protection: ProtectionData; identity: string | null }> => {
    const [protection, identity] = await Promise.all([loadProtection(ctx), ctx.api!('/identity')]);
    return {
      name: ctx.viewer!.name ?? '',
      phoneNo: ctx.viewer!.phoneNo ?? '',
      email: ctx.viewer!.email,
      pendingEmail: ctx.viewer!.pendingEmail ?? null,
      protection,
      identity: ((identity?.data as { status?: string } | undefined)?.status) ?? null,
    };
  },
  render: (ctx: PageContext) => (
    <section className="page-section profile-page">
      <h1 className="page-title">Profile Settings</h1>
      <p className="page-lead">
        Player ID: <strong>{ctx.viewer!.playerId}</strong> · <a href="/verify-identity">{IDENTITY_LINK[(ctx.data as { identity: string | null }).identity ?? ''] ?? 'Verify your identity'}</a>
      </p>
      {ctx.url.searchParams.get('two-step') === 'required' && ctx.viewer!.role === 'ADMIN' && !ctx.viewer!.twoStep && (
        <p className="alert alert-error" role="alert">{OPERATOR_TWO_STEP_MESSAGE}</p>
      )}
      <div className="profile-grid">
        <section className="card" aria-labelledby="account-info-title">
          <h2 id="account-info-title">Account Info</h2>
          <Island name="AccountInfoForm" props={{ user: profileOnly(ctx.data as ProfileDetails), form: ctx.form?.action === 'profile' ? ctx.form : null, formToken: ctx.formToken, twoStep: ctx.viewer!.twoStep }} />
        </section>
        <section className="card" aria-labelledby="change-password-title">
          <h2 id="change-password-title">Change Password</h2>
          <Island name="ChangePasswordForm" props={{ form: ctx.form?.action === 'password' ? ctx.form : null, formToken: ctx.formToken }} />
        </section>
        <TwoStepSection ctx={ctx} />
        <LanguageSection ctx={ctx} />
      </div>
      <ProtectionSections ctx={ctx} data={(ctx.data as { protection: ProtectionData }).protection} />
    </section>
  ),
});

// The island gets only the profile fields, not the protection sections' data.
const profileOnly = ({ name, phoneNo, email, pendingEmail }: ProfileDetails): ProfileDetails => ({ name, phoneNo, email, pendingEmail });
