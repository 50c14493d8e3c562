import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError, fieldText } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import type { IdentityService } from '../../services/identity/identity-service';
import type { TwoStep } from '../../services/auth/two-step';
import { enforce, type RateLimiter } from '../../http/rate-limit';
import { clientIp } from '../../http/client-ip';
import { boundaryOf, MultipartError, readMultipart, sourceOf, UploadTooSlow } from '../../http/multipart';

const MAX_BODY = 32 * 1024 * 1024;
// A whole upload must arrive within this (about 1 Mbit/s for the largest): a slow one does not hold a place for ever.
const UPLOAD_DEADLINE_MS = 5 * 60_000;

/**
 * The player's identity: its status, the submission (multipart/form-data: fields and up to three files), and the
 * tax details (JSON). Onfido's webhook, when Onfido is switched on, is checked on its raw bytes.
 */
export type IdentityRouteDeps = { identity: IdentityService; twoStep: Pick<TwoStep, 'check'>; rateLimiter: RateLimiter; trustedHeader?: string };

export const identityRoutes = (d: IdentityRouteDeps, session: Session) =>
  new Elysia({ name: 'identity-routes' })
    .use(session)
    .get('/identity', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      return { success: true, data: await d.identity.status(player.userId) };
    }, { auth: true })
    // Read as it arrives (parse: 'none'): who may upload is decided before the first byte of the body is read, and
    // each file is cleaned, sealed and stored piece by piece (docs/decisions/upload-limits.md).
    .post('/identity/submission', async ({ player, request, set }) => {
      const boundary = boundaryOf(request.headers.get('content-type'));
      if (!boundary) throw AppError.invalid([fieldText('body', text(m.api_send_multipart))]);
      if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) throw new AppError(413, text(m.api_files_too_large), 'TOO_LARGE');
      const ticket = await d.identity.beginUpload(player.userId);
      try {
        const s = await d.identity.submit(player.userId, readMultipart(sourceOf(request.body, UPLOAD_DEADLINE_MS), boundary));
        set.status = 201;
        return { success: true, message: m.api_documents_received(), data: { id: s.id, status: s.status } };
      } catch (e) {
        if (e instanceof UploadTooSlow) throw new AppError(408, text(m.api_upload_too_slow), 'UPLOAD_TIMEOUT');
        if (e instanceof MultipartError) throw AppError.invalid([fieldText('body', text(m.api_form_unreadable))]);
        throw e;
      } finally {
        ticket.release();
        // The upload's chunks are garbage now, but the collector may not run before the next uploads' arrive: a full
        // collection here keeps the peak of many uploads at once from stacking them (docs/decisions/upload-limits.md).
        Bun.gc(true);
      }
    }, { auth: true, parse: 'none' })
    // The number the 1099 is filed under: a session alone cannot put or swap it (password, then the code when two-step
    // is on), and once a withdrawal has counted with it on file only an operator can (docs/decisions/tax-number.md).
    .post('/identity/tax-details', async ({ player, body, request }) => {
      const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      // Each change mails the player, and each try checks a password: limited per player.
      await enforce(d.rateLimiter, 'taxDetailsPerUser', player.userId);
      const actor = { id: player.userId, email: player.email, ip: clientIp(request, d.trustedHeader) };
      const t = await d.identity.saveTax(actor, { tin: b.tin, confirmed: b.confirmed, currentPassword: b.currentPassword }, () => d.twoStep.check(player.userId, b.totp, player.twoStep));
      return { success: true, message: m.api_tax_saved({ type: t.type, last4: t.last4 }), data: { type: t.type, last4: t.last4 } };
    }, { auth: true })
    .post('/webhooks/identity/onfido', async ({ request }) => {
      const raw = await request.text();
      const r = await d.identity.vendorWebhook(raw, request.headers);
      if (r === 'no-vendor') throw AppError.notFound();
      if (r === 'unsigned') throw new AppError(401, 'Invalid signature', 'INVALID_SIGNATURE');
      return { success: true, result: r };
    }, { parse: 'none' });
