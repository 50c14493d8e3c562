import type { ReactNode } from 'react';
import { FieldError, FormFailure, describedBy } from '../../islands/_ui/field';
import { FormToken } from '../../islands/_ui/form-token';
import { TotpField } from '../../islands/_ui/totp-field';
import { ID_TYPES } from '../services/identity/identity.context';
import { US_STATES } from '../services/identity/us-states';
import { answerToResult } from './form-post';
import { definePage, type FormState, type PageContext } from './page';
import { Island } from './island';

type Status = {
  status: 'not_started' | 'submitted' | 'verified' | 'rejected'; reason: string | null; submittedAt: number | null; legalName: string | null;
  tax: { type: string; masked: string } | null; taxLocked?: boolean; taxThreshold: number; identityRequired: boolean;
};

const SUBMITTED = 'Thank you. Your documents were received and are under review.';
const TEXT_FIELDS = ['legalName', 'dateOfBirth', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'idType'] as const;

/** A post that came without a multipart body (no files): its fields as a form, so the API names what is missing. */
function filesMissing(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const k of TEXT_FIELDS) form.set(k, fields[k] ?? '');
  return form;
}

const LABELS: Record<Status['status'], string> = {
  not_started: 'Not started', submitted: 'Submitted (under review)', verified: 'Verified', rejected: 'Rejected',
};

/**
 * /verify-identity: the player's identity status, the submission form (a plain multipart form: it works before any
 * script runs) and the tax details for the 1099. The documents go to the same API the console reviews from.
 */
export default definePage({
  title: 'Verify your identity',
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
        <h1 className="page-title">Verify your identity</h1>
        <p className="page-lead">
          We check every player's identity before their first cash-out: it keeps your winnings yours and the site within the law. Players must be 21 or older.
        </p>
        {/* Where the form's island leads once the documents are in (the plain form's redirect carries a flash instead). */}
        {s?.status === 'submitted' && ctx.url.searchParams.get('submitted') === '1' && !ctx.flash && (
          <p className="alert alert-success" role="status">{SUBMITTED}</p>
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
      <h2 id="verify-status-title">Status: <span data-identity-status={s.status}>{LABELS[s.status]}</span></h2>
      {s.status === 'not_started' && <p>{s.identityRequired ? 'Withdrawals need a verified identity. Fill in the form below; it takes a few minutes.' : 'You can verify now so nothing holds up a later withdrawal.'}</p>}
      {s.status === 'submitted' && <p>Thank you. Your documents are being reviewed, usually within one business day. We will e-mail you when it is done.</p>}
      {s.status === 'verified' && <p>Your identity is verified{s.legalName ? ` as ${s.legalName}` : ''}. <a href="/home#withdraw">Withdraw to Bitcoin</a>.</p>}
      {s.status === 'rejected' && (
        <>
          <p className="alert alert-error" role="alert">{`We could not verify your identity: ${s.reason ?? ''}`}</p>
          <p>Please check the reason and submit your details again below.</p>
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
      <h2 id="verify-form-title">Your details and documents</h2>
      <Island name="IdentityForm" props={{
        formToken: ctx.formToken, ...(form && { values: form.values, errors: form.errors, message: form.message ?? null }),
        states: US_STATES, idTypes: Object.entries(ID_TYPES).map(([k, v]) => [k, v.label, v.back] as [string, string, boolean]),
      }} />
    </section>
  );
}

function TaxSection({ ctx, s }: { ctx: PageContext; s: Status }) {
  return (
    <section className="card" id="tax-details" aria-labelledby="tax-title">
      <h2 id="tax-title">Tax details</h2>
      <p>
        US law asks us to send a 1099 form to players who withdraw {`$${s.taxThreshold.toLocaleString('en-US')}`} or more in a calendar year. Before your withdrawals
        reach that, we need your Social Security number (SSN) or Individual Taxpayer Identification Number (ITIN).
      </p>
      {s.tax && s.taxLocked && (
        <p>On file: <strong>{s.tax.type} {s.tax.masked}</strong>. Your withdrawals have counted toward a tax year with this number, so it can no longer
          be changed here. If it is wrong, contact support at <a href={`mailto:${ctx.site.supportEmail}`}>{ctx.site.supportEmail}</a>.</p>
      )}
      {s.tax && !s.taxLocked && <p>On file: <strong>{s.tax.type} {s.tax.masked}</strong>. You can replace it below.</p>}
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
      <Text name="tin" label="SSN or ITIN" form={form} inputMode="numeric" autoComplete="off" placeholder="123-45-6789" maxLength={11} />
      <div className="field field-check">
        <label className="checkbox">
          <input id="verify-confirmed" name="confirmed" type="checkbox" value="yes" {...describedBy('verify-confirmed', form?.errors.confirmed)} />
          <span>I confirm this number is correct and mine.</span>
        </label>
        <FieldError id="verify-confirmed" error={form?.errors.confirmed} />
      </div>
      <Text name="currentPassword" label="Your password" form={form} type="password" autoComplete="current-password" />
      {codeAsked && <TotpField id="verify-totp" error={form?.errors.totp} />}
      <button type="submit" className="btn btn-primary">Save tax details</button>
    </form>
  );
}
