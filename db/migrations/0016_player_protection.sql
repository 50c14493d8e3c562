CREATE TABLE `deposit_limits` (
	`user_id` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer,
	`pending_set` integer DEFAULT false NOT NULL,
	`pending_amount_cents` integer,
	`pending_effective_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `period`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `play_controls` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`cool_off_until` integer,
	`self_excluded_until` integer,
	`self_excluded_permanent` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `security_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`at` integer NOT NULL,
	`ip` text,
	`device` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `security_events_user_idx` ON `security_events` (`user_id`,`at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device_key` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;