-- An Idempotency-Key's row now stays after its answer is dropped (24 h), binding the key to its request: only the rows
-- that still hold an answer are found by their date.
DROP INDEX `idempotency_keys_created_idx`;--> statement-breakpoint
CREATE INDEX `idempotency_keys_answered_idx` ON `idempotency_keys` (`created_at`) WHERE response_body IS NOT NULL;
