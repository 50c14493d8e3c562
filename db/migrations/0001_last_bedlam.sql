CREATE TABLE `freeplay_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`max_redemptions` integer NOT NULL,
	`redemptions` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "freeplay_cap" CHECK("freeplay_codes"."redemptions" <= "freeplay_codes"."max_redemptions"),
	CONSTRAINT "freeplay_amount_positive" CHECK("freeplay_codes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `freeplay_codes_code_unique` ON `freeplay_codes` (`code`);--> statement-breakpoint
CREATE TABLE `freeplay_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`code_id` text NOT NULL,
	`user_id` text NOT NULL,
	`transfer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`code_id`) REFERENCES `freeplay_codes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `freeplay_redemptions_once` ON `freeplay_redemptions` (`code_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`uuid` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`direction` text NOT NULL,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`order_id` text,
	`game_id` text,
	`game_name` text,
	`counterparty` text,
	`transfer_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transactions_user_type_idx` ON `transactions` (`user_id`,`type`,`created_at`);