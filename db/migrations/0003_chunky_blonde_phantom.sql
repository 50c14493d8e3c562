CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status_code` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	`locked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`pending_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "accounts_kind" CHECK("accounts"."kind" IN ('wallet', 'game', 'system')),
	CONSTRAINT "accounts_available_nonnegative" CHECK("accounts"."kind" = 'system' OR "accounts"."balance_cents" - "accounts"."pending_cents" >= 0),
	CONSTRAINT "accounts_pending_nonnegative" CHECK("accounts"."pending_cents" >= 0),
	CONSTRAINT "accounts_balance_safe" CHECK(abs("accounts"."balance_cents") <= 9007199254740991 AND "accounts"."pending_cents" <= 9007199254740991)
);
--> statement-breakpoint
CREATE INDEX `accounts_user_idx` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `entries` (
	`id` integer PRIMARY KEY NOT NULL,
	`transfer_id` text NOT NULL,
	`account_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "entries_amount_nonzero" CHECK("entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE INDEX `entries_account_idx` ON `entries` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`code` text NOT NULL,
	`debit_account_id` text NOT NULL,
	`credit_account_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`pending_id` text,
	`external_ref` text,
	`metadata` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK("transfers"."amount_cents" > 0),
	CONSTRAINT "transfers_two_accounts" CHECK("transfers"."debit_account_id" <> "transfers"."credit_account_id"),
	CONSTRAINT "transfers_kind_status" CHECK(("transfers"."kind" = 'transfer' AND "transfers"."status" = 'posted' AND "transfers"."pending_id" IS NULL)
       OR ("transfers"."kind" = 'hold' AND "transfers"."pending_id" IS NULL)
       OR ("transfers"."kind" = 'post' AND "transfers"."status" = 'posted' AND "transfers"."pending_id" IS NOT NULL)
       OR ("transfers"."kind" = 'void' AND "transfers"."status" = 'voided' AND "transfers"."pending_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_external_ref_unique` ON `transfers` (`external_ref`) WHERE "transfers"."external_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_pending_id_unique` ON `transfers` (`pending_id`) WHERE "transfers"."pending_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `transfers_live_holds_idx` ON `transfers` (`debit_account_id`) WHERE "transfers"."status" = 'pending';