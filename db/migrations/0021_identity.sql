-- Identity before cash-out: a player's identity submissions (documents live in the document store, encrypted),
-- their tax number for the 1099 (encrypted, last four digits alone in clear), and the state given at registration.
CREATE TABLE `identity_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`legal_name` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`address_line1` text NOT NULL,
	`address_line2` text,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`postal_code` text NOT NULL,
	`id_type` text NOT NULL,
	`documents` text NOT NULL,
	`vendor` text,
	`vendor_ref` text,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`documents_deleted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "identity_submissions_status" CHECK("identity_submissions"."status" IN ('submitted', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `identity_submissions_user_idx` ON `identity_submissions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `identity_submissions_one_open` ON `identity_submissions` (`user_id`) WHERE `status` = 'submitted';--> statement-breakpoint
CREATE INDEX `identity_submissions_queue_idx` ON `identity_submissions` (`created_at`) WHERE `status` = 'submitted';--> statement-breakpoint
CREATE INDEX `identity_submissions_vendor_idx` ON `identity_submissions` (`vendor_ref`) WHERE `vendor_ref` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `tax_details` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tin_type` text NOT NULL,
	`tin_sealed` text NOT NULL,
	`tin_last4` text NOT NULL,
	`confirmed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `users` ADD `registered_state` text;
