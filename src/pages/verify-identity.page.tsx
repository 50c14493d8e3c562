import type { ReactNode } from 'react';
import { FieldError, FormFailure, describedBy } from '../../islands/_ui/field';
import { FormToken } from '../../islands/_ui/form-token';
import { TotpField } from '../../islands/_ui/totp-field';
import { ID_TYPES } from '../services/identity/identity.context';
import { usStatesIn } from '../services/identity/us-states';
import { currentLang } from '../i18n/request-lang';
import { answerToResult } from './form-post';
import { definePage, type FormState, type PageContext } from './page';
import { Island } from './island';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

type Status = {
  status: 'not_started' | 'submitted' | 'verified' | 'rejected'; reason: string | null; submittedAt: number | null; legalName: string | null;
  tax: { type: string; masked: string } | null; taxLocked?: boolean; taxThreshold: number; identityRequired: boolean;
};

const TEXT_FIELDS = ['legalName', 'dateOfBirth', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'idType'] as const;

/** A post that came without a multipart body (no files): its fields as a form, so the API names what is missing. */
function filesMissing(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const k of TEXT_FIELDS) form.set(k, fields[k] ?? '');
  return form;
}

const LABELS: Record<Status['status'], () => string> = {
  not_started: m.pages_id_status_not_started, submitted: m.pages_id_status_submitted, verified: m.pages_id_status_verified, rejected: m.pages_id_status_rejected,
};

// The kinds of ID in the page's language (the service's own labels are the console's, in English).
const ID_TYPE_LABELS: Record<string, () => string> = {
  driving_licence: m.pages_id_type_driving_licence, state_id: m.pages_id_type_state_id, passport: m.pages_id_type_passport,
};

/**
 * /verify-identity: the player's identity status, the submission form (a plain multipart form: it works before any
 * script runs) and the tax details for the 1099. The documents go to the same API the console reviews from.
 */
export default definePage({
  title: m.pages_id_title,
  access: 'private',
  load: async (ctx) => ((await ctx.api!('/identity'))?.data as Status | undefined) ?? null,
  actions: {
    async submit(ctx) {
      // The form as it arrives, files unread, straight on to the API (a post without files still reaches it as a form).
      const a = await ctx.send('POST', '/identity/submission', ctx.upload ?? filesMissing(ctx.fields));
      const values = Object.fromEntries(TEXT_FIELDS.map((k) => [k, ctx.fields[k] ?? '']));
      return answerToResult(a, { action: 'submit', values }, (json) => ({ redirect: '/verify-identity', flash: { kind: 'success', message: String(json.message) } }));
    },
    async tax(ctx) {
      const a = await ctx.send('POST', '/identity/tax-details', {
        tin: ctx.fields.tin ?? '', confirmed: ctx.fields.confirmed === 'yes', currentPassword: ctx.fields.currentPassword ?? '', totp: ctx.fields.totp ?? '',
      });
      // The number, the password and the code typed are never echoed back into the page.
      return answerToResult(a, { action: 'tax', values: {} }, (json) => ({ redirect: '/verify-identity', flash: { kind: 'success', message: String(json.message) } }));
    },
  },
  render: (ctx: PageContext) => {
    const s = ctx.data as Status | null;
    const form = ctx.form?.action === 'submit' ? ctx.form : null;
    return (
      <section className="page-section verify-page">
        <h1 className="page-title">{m.pages_id_title()}</h1>
        <p className="page-lead">{m.pages_id_lead()}</p>
        {/* Where the form's island leads once the documents are in (the plain form's redirect carries a flash instead). */}
        {s?.status === 'submitted' && ctx.url.searchParams.get('submitted') === '1' && !ctx.flash && (
          <p className="alert alert-success" role="status">{m.pages_id_submitted()}</p>
        )}
        {s && <StatusCard s={s} />}
        {s && (s.status === 'not_started' || s.status === 'rejected') && <SubmissionForm ctx={ctx} form={form} />}
        {s && <TaxSection ctx={ctx} s={s} />}
      </section>
    );
  },
});

function StatusCard({ s }: { s: Status }) {
  return (
    <section className="card verify-status" aria-labelledby="verify-status-title">
      <h2 id="verify-status-title">{`${m.pages_id_status()} `}<span data-identity-status={s.status}>{LABELS[s.status]()}</span></h2>
      {s.status === 'not_started' && <p>{s.identityRequired ? m.pages_id_required() : m.pages_id_optional()}</p>}
      {s.status === 'submitted' && <p>{m.pages_id_reviewing()}</p>}
      {s.status === 'verified' && (
        <p><Rich text={s.legalName ? m.pages_id_verified_as({ name: s.legalName }) : m.pages_id_verified()} links={[(w) => <a href="/home#withdraw">{w}</a>]} /></p>
      )}
      {s.status === 'rejected' && (
        <>
          <p className="alert alert-error" role="alert">{m.pages_id_rejected({ reason: s.reason ?? '' })}</p>
          <p>{m.pages_id_try_again()}</p>
        </>
      )}
    </section>
  );
}

function Text({ name, label, form, children, ...rest }: { name: string; label: string; form: FormState | null; children?: ReactNode } & Record<string, unknown>) {
  const id = `verify-${name}`;
  const error = form?.errors[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} defaultValue={form?.values[name] ?? ''} {...describedBy(id, error)} {...rest} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

function SubmissionForm({ ctx, form }: { ctx: PageContext; form: FormState | null }) {
  return (
    <section className="card" aria-labelledby="verify-form-title">
      <h2 id="verify-form-title">{m.pages_id_form_title()}</h2>
      <Island name="IdentityForm" props={{
        formToken: ctx.formToken, ...(form && { values: form.values, errors: form.errors, message: form.message ?? null }),
        states: usStatesIn(currentLang()), idTypes: Object.entries(ID_TYPES).map(([k, v]) => [k, ID_TYPE_LABELS[k]?.() ?? v.label, v.back] as [string, string, boolean]),
      }} />
    </section>
  );
}

function TaxSection({ ctx, s }: { ctx: PageContext; s: Status }) {
  return (
    <section className="card" id="tax-details" aria-labelledby="tax-title">
      <h2 id="tax-title">{m.pages_tax_title()}</h2>
      <p>{m.pages_tax_lead({ amount: `$${s.taxThreshold.toLocaleString('en-US')}` })}</p>
      {s.tax && s.taxLocked && (
        <p><Rich text={m.pages_tax_locked({ number: `${s.tax.type} ${s.tax.masked}`, email: ctx.site.supportEmail })} links={[(w) => <a href={`mailto:${ctx.site.supportEmail}`}>{w}</a>]} /></p>
      )}
      {s.tax && !s.taxLocked && <p><Rich text={m.pages_tax_on_file({ number: `${s.tax.type} ${s.tax.masked}` })} /></p>}
      {!s.taxLocked && <TaxForm ctx={ctx} />}
    </section>
  );
}

/** Adding or replacing the number: it, a tick, the account's password and, with two-step on, a code. */
function TaxForm({ ctx }: { ctx: PageContext }) {
  const form = ctx.form?.action === 'tax' ? ctx.form : null;
  const codeAsked = ctx.viewer?.twoStep === true || !!form?.errors.totp;
  return (
    <form className="form" method="post" action="/verify-identity" aria-labelledby="tax-title" noValidate>
      <input type="hidden" name="_action" value="tax" />
      <FormToken value={ctx.formToken} />
      <FormFailure message={form?.message} />
      <Text name="tin" label={m.pages_tax_number()} form={form} inputMode="numeric" autoComplete="off" placeholder="123-45-6789" maxLength={11} />
      <div className="field field-check">
        <label className="checkbox">
          <input id="verify-confirmed" name="confirmed" type="checkbox" value="yes" {...describedBy('verify-confirmed', form?.errors.confirmed)} />
          <span>{m.pages_tax_confirm()}</span>
        </label>
        <FieldError id="verify-confirmed" error={form?.errors.confirmed} />
      </div>
      <Text name="currentPassword" label={m.pages_tax_password()} form={form} type="password" autoComplete="current-password" />
      {codeAsked && <TotpField id="verify-totp" error={form?.errors.totp} />}
      <button type="submit" className="btn btn-primary">{m.pages_tax_save()}</button>
    </form>
  );
}
