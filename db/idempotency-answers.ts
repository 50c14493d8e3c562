// Shared by the request path's pruning (src/http/idempotency.ts) and the jobs runner's clean-up
// (docs/decisions/idempotency-keys.md).
/** Answers older than the cut-off are dropped; the key, its request's fingerprint and its date stay. */
export const DROP_OLD_ANSWERS = 'UPDATE idempotency_keys SET status_code = NULL, response_body = NULL WHERE response_body IS NOT NULL AND created_at < ?';
