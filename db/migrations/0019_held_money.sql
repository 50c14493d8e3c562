-- Deposits that arrive past a deposit limit or during a cool-off or self-exclusion are held (ledger account
-- h:<player>) until an operator releases or refunds them; one row per held payment.
CREATE TABLE `held_funds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deposit_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`transfer_id` text NOT NULL,
	`history_id` text NOT NULL,
	`withdrawal_id` text,
	`refund_address` text,
	`resolved_by` text,
	`resolved_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deposit_id`) REFERENCES `deposits`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "held_funds_amount_positive" CHECK("held_funds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `held_funds_payment_unique` ON `held_funds` (`deposit_id`,`payment_id`);--> statement-breakpoint
CREATE INDEX `held_funds_user_idx` ON `held_funds` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `held_funds_open_idx` ON `held_funds` (`status`) WHERE `status` = 'held';--> statement-breakpoint
ALTER TABLE `deposits` ADD `held_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `deposit_payments` ADD `held_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `deposit_payments` ADD `reversed_at` integer;--> statement-breakpoint
ALTER TABLE `deposit_payments` ADD `debt_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `play_controls` ADD `pending_time_zone` text;--> statement-breakpoint
ALTER TABLE `play_controls` ADD `pending_time_zone_at` integer;--> statement-breakpoint
-- A deposit's credit re-checks, in its own transaction, that what reaches the wallet still fits the player's limits
-- and that no break started: inserting ok = 0 here aborts that transaction, and the credit is worked out again.
CREATE VIEW `deposit_credit_guard` AS SELECT 1 AS `ok`;--> statement-breakpoint
CREATE TRIGGER `deposit_credit_guard_check` INSTEAD OF INSERT ON `deposit_credit_guard`
BEGIN SELECT RAISE(ABORT, 'deposit credit guard: the limits changed') WHERE NOT NEW.ok; END;
--> statement-breakpoint
-- Releasing or refunding held money: the held_funds row's change is checked in the same transaction as the money's
-- move, so two operators acting on one held payment at once cannot both move it.
CREATE VIEW `held_funds_guard` AS SELECT 1 AS `ok`;--> statement-breakpoint
CREATE TRIGGER `held_funds_guard_check` INSTEAD OF INSERT ON `held_funds_guard`
BEGIN SELECT RAISE(ABORT, 'held funds guard: already settled') WHERE NOT NEW.ok; END;
