CREATE TABLE `deposit_payments` (
	`deposit_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`transfer_id` text,
	`seen_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`deposit_id`, `payment_id`),
	FOREIGN KEY (`deposit_id`) REFERENCES `deposits`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `deposits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`request_key` text,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`invoice_id` text,
	`invoice_status` text,
	`lightning_destination` text,
	`onchain_destination` text,
	`btc_due` text,
	`rate` text,
	`credited_cents` integer DEFAULT 0 NOT NULL,
	`processing_cents` integer DEFAULT 0 NOT NULL,
	`history_id` text,
	`expires_at` integer,
	`monitoring_expires_at` integer,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deposits_amount_positive" CHECK("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_invoice_unique` ON `deposits` (`invoice_id`) WHERE "deposits"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_request_unique` ON `deposits` (`user_id`,`request_key`) WHERE "deposits"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `deposits_user_idx` ON `deposits` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deposits_open_idx` ON `deposits` (`closed_at`) WHERE "deposits"."closed_at" IS NULL;--> statement-breakpoint
CREATE TABLE `sandbox_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`withdrawal_id` text,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL,
	`handled_at` integer
);
