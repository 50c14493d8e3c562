CREATE TABLE `game_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`ref` text NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`user_name` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`hold_id` text,
	`transfer_id` text,
	`reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "game_orders_amount_positive" CHECK("game_orders"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_orders_ref_unique` ON `game_orders` (`ref`);--> statement-breakpoint
CREATE INDEX `game_orders_pending_idx` ON `game_orders` (`status`,`created_at`) WHERE "game_orders"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `game_password_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_game_id` text NOT NULL,
	`user_id` text NOT NULL,
	`password_enc` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_game_id`) REFERENCES `user_games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `game_password_requests_user_game_idx` ON `game_password_requests` (`user_game_id`);--> statement-breakpoint
CREATE TABLE `game_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`ref` text NOT NULL,
	`kind` text NOT NULL,
	`game_id` text NOT NULL,
	`user_name` text NOT NULL,
	`amount_cents` integer,
	`secret_enc` text,
	`status` text NOT NULL,
	`confirmed_cents` integer,
	`note` text,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_tasks_ref_unique` ON `game_tasks` (`ref`);--> statement-breakpoint
CREATE INDEX `game_tasks_status_idx` ON `game_tasks` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`image` text NOT NULL,
	`game_link` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_game_accounts` (
	`game_id` text NOT NULL,
	`user_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "sandbox_balance_nonnegative" CHECK("sandbox_game_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_game_accounts_pk` ON `sandbox_game_accounts` (`game_id`,`user_name`);--> statement-breakpoint
CREATE TABLE `sandbox_game_calls` (
	`ref` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`game_id` text NOT NULL,
	`user_name` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_games` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`status` text NOT NULL,
	`user_name` text,
	`password_enc` text,
	`ref` text NOT NULL,
	`reset_pending` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_games_user_game_unique` ON `user_games` (`user_id`,`game_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_games_user_name_unique` ON `user_games` (`game_id`,`user_name`) WHERE "user_games"."user_name" IS NOT NULL;