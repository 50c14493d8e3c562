import type { DocumentPart } from './identity.context';

/** A document for the vendor, read (decrypted) only when the vendor is sent it, one at a time. */
export type CheckDocument = { part: DocumentPart; type: string; read(): Promise<Uint8Array> };
export type CheckApplicant = { legalName: string; dateOfBirth: string; idType: string; address: { line1: string; line2: string | null; city: string; state: string; postalCode: string } };

/**
 * A vendor's verdict on a check it ran, in our terms. A verdict covers only what the vendor checked: with `verified`,
 * `documentState` is the US state of the address it read from the ID (postal code), or null when it read none (a
 * passport has no address); the player's typed state is verified only when the two are the same.
 */
export type VendorVerdict = { ref: string; outcome: 'verified' | 'rejected' | 'pending'; reason?: string; documentState?: string | null };

/**
 * Who checks an identity. The default (no vendor) is an operator reviewing the documents in the console. A vendor
 * is given the documents when they are submitted and answers later through its webhook; its verdict lands in the
 * same statuses and audit as an operator's decision.
 */
export type IdentityCheck = {
  readonly name: string;
  /** Starts the vendor's check; the reference its webhook will name. */
  start(applicant: CheckApplicant, documents: CheckDocument[]): Promise<string>;
  /** The verdict of a signed webhook delivery; null when the signature is missing or wrong, or it is not about a check. */
  verdict(rawBody: string, headers: Headers): Promise<VendorVerdict | null>;
};
