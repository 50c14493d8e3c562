-- A player's audit trail (the console's player page, and the audit filter by target) reads rows by target id, and
-- finds the tasks of the player's game accounts by game and user name: without these, each view would scan the
-- whole append-only log and every game task.
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `game_tasks_account_idx` ON `game_tasks` (`game_id`,`user_name`);
