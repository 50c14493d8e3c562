-- How each session was signed in: the console opens only for one that passed a second factor. Sessions from
-- before this column count as password-only.
ALTER TABLE `sessions` ADD `signed_in_with` text DEFAULT 'password' NOT NULL CHECK (`signed_in_with` IN ('password', 'password_code', 'recovery_code'));--> statement-breakpoint
-- An operator made by `coinreel admin create` without a password: their one-time link sets a first password (not a
-- reset: no "your password was reset" mail for an account that never had one).
ALTER TABLE `users` ADD `password_unset` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- When a tax number was first put on file: a withdrawal counted since then locks it against the player's changes.
ALTER TABLE `tax_details` ADD `first_saved_at` integer;--> statement-breakpoint
UPDATE `tax_details` SET `first_saved_at` = `confirmed_at`;
