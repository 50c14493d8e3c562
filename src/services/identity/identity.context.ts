import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import type { Notification } from '../wallet/notifications';
import type { DocumentCipher } from './document-cipher';
import type { DocumentStore } from './document-store.port';
import type { IdentityCheck } from './identity-check.port';
import type { UploadGate } from './upload-gate';

/** IDENTITY_REQUIRED_FOR: before the first withdrawal, never, or before withdrawals past a cumulative amount. */
export type IdentityRequirement = { kind: 'withdrawal' } | { kind: 'none' } | { kind: 'amount'; cents: number };

export function parseRequirement(v: string): IdentityRequirement {
  if (v === 'none') return { kind: 'none' };
  if (v === 'withdrawal') return { kind: 'withdrawal' };
  return { kind: 'amount', cents: Math.round(Number(v) * 100) };
}

export type IdentityContext = {
  client: Client;
  cipher: DocumentCipher;
  store: DocumentStore;
  logger: Logger;
  /** After commit: the notification to the player's open pages (through the hub, as every push goes). */
  notify: (userId: string, note: Notification) => void;
  now: () => number;
  requiredFor: IdentityRequirement;
  taxThresholdCents: number;
  restrictedStates: string[];
  retentionDays: number;
  /** Who may upload documents right now (one per player, IDENTITY_UPLOADS_AT_ONCE per instance). */
  uploads: UploadGate;
  /** The identity check in use: operator review (null) or a vendor. */
  vendor: IdentityCheck | null;
  /** Told after an outcome's e-mail was queued (the mail queue's worker also looks every second). */
  wakeMail?: () => void;
};

export const VERIFY_PATH = '/verify-identity';

export type SubmissionStatus = 'submitted' | 'verified' | 'rejected';
export type DocumentPart = 'front' | 'back' | 'selfie';
export type StoredDocument = { part: DocumentPart; type: string; size: number };

export type Submission = {
  id: string; userId: string; email?: string; status: SubmissionStatus; legalName: string; dateOfBirth: string;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
  idType: string; documents: StoredDocument[]; vendor: string | null; vendorRef: string | null; reason: string | null;
  decidedBy: string | null; decidedAt: number | null; documentsDeletedAt: number | null; createdAt: number;
  /** Why a submission a vendor cleared still waits for an operator (an address it did not confirm). */
  reviewNote: string | null;
};

export const SUBMISSION_SQL = `SELECT s.*, u.email FROM identity_submissions s JOIN users u ON u.id = s.user_id`;

export function toSubmission(r: Record<string, unknown>): Submission {
  const n = (v: unknown) => (v == null ? null : Number(v));
  const t = (v: unknown) => (v == null ? null : String(v));
  return {
    id: String(r.id), userId: String(r.user_id), email: t(r.email) ?? undefined, status: String(r.status) as SubmissionStatus,
    legalName: String(r.legal_name), dateOfBirth: String(r.date_of_birth),
    address: { line1: String(r.address_line1), line2: t(r.address_line2), city: String(r.city), state: String(r.state), postalCode: String(r.postal_code) },
    idType: String(r.id_type), documents: JSON.parse(String(r.documents)) as StoredDocument[], vendor: t(r.vendor), vendorRef: t(r.vendor_ref),
    reason: t(r.reason), decidedBy: t(r.decided_by), decidedAt: n(r.decided_at), documentsDeletedAt: n(r.documents_deleted_at), createdAt: Number(r.created_at),
    reviewNote: t(r.review_note),
  };
}

export const ID_TYPES: Record<string, { label: string; back: boolean }> = {
  driving_licence: { label: "Driver's license", back: true },
  state_id: { label: 'State ID card', back: true },
  passport: { label: 'Passport', back: false },
};

export const documentKey = (submissionId: string, part: DocumentPart) => `${submissionId}/${part}`;
