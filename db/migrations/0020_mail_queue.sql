-- Mail written in the same transaction as the event it tells of, sent by a worker (src/services/mail/mail-queue.ts).
CREATE TABLE `mail_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`claimed_until` integer,
	`sent_at` integer
);--> statement-breakpoint
CREATE INDEX `mail_queue_unsent_idx` ON `mail_queue` (`created_at`) WHERE "mail_queue"."sent_at" IS NULL;
