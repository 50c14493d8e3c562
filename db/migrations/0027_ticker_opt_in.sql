-- A player appears on the public ticker only once they ask to (Profile Settings); off for everyone until then.
ALTER TABLE `users` ADD `ticker_opt_in` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `users_ticker_opt_in_idx` ON `users` (`id`) WHERE ticker_opt_in = 1;
--> statement-breakpoint
-- When each Idempotency-Key was first stored (created_at moves when its request runs again): a player's new keys
-- are counted by it over the last 24 hours, and refused past IDEMPOTENCY_KEYS_PER_DAY. Older rows have none and
-- count for nothing.
ALTER TABLE `idempotency_keys` ADD `first_used_at` integer;
--> statement-breakpoint
CREATE INDEX `idempotency_keys_first_used_idx` ON `idempotency_keys` (`user_id`, `first_used_at`) WHERE first_used_at IS NOT NULL;
--> statement-breakpoint
-- Why a submission a vendor checked still waits for an operator (an address the vendor did not check, or one that
-- differs from what the player typed); NULL when nothing needs saying.
ALTER TABLE `identity_submissions` ADD `review_note` text;
