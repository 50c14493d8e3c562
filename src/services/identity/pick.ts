import { join } from 'node:path';
import type { Config } from '../../config';
import type { DocumentStore } from './document-store.port';
import { createLocalDocumentStore } from './document-store.local';
import { createS3DocumentStore } from './document-store.s3';
import type { IdentityCheck } from './identity-check.port';
import { createOnfidoCheck } from './onfido.adapter';

/** The S3-compatible bucket when its settings are given; otherwise files under DATA_DIR/documents. */
export function pickDocumentStore(c: Config): DocumentStore {
  if (c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)
    return createS3DocumentStore({ endpoint: c.S3_ENDPOINT, bucket: c.S3_BUCKET, accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY, region: c.S3_REGION });
  return createLocalDocumentStore(join(c.DATA_DIR, 'documents'));
}

/** Onfido when its tokens are set; otherwise operators review submissions in the console. */
export function pickIdentityCheck(c: Config): IdentityCheck | null {
  return c.ONFIDO_API_TOKEN && c.ONFIDO_WEBHOOK_TOKEN ? createOnfidoCheck({ apiUrl: c.ONFIDO_API_URL, apiToken: c.ONFIDO_API_TOKEN, webhookToken: c.ONFIDO_WEBHOOK_TOKEN }) : null;
}
