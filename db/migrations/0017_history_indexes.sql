CREATE INDEX `transactions_user_created_idx` ON `transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_user_uuid_idx` ON `transactions` (`user_id`,`uuid`);