CREATE TABLE `withdrawals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`currency` text NOT NULL,
	`destination` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`rate` text NOT NULL,
	`btc_amount` text NOT NULL,
	`send_amount` integer DEFAULT 1 NOT NULL,
	`hold_id` text NOT NULL,
	`provider` text NOT NULL,
	`payout_id` text,
	`payout_state` text,
	`status` text NOT NULL,
	`reason` text,
	`proof` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`history_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "withdrawals_amount_positive" CHECK("withdrawals"."amount_cents" > 0 AND "withdrawals"."tip_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_hold_unique` ON `withdrawals` (`hold_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_payout_unique` ON `withdrawals` (`payout_id`) WHERE "withdrawals"."payout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `withdrawals_user_idx` ON `withdrawals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `withdrawals_open_idx` ON `withdrawals` (`status`) WHERE "withdrawals"."status" IN ('creating', 'pending');