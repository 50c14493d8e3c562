-- Money-laundering watch and sanctions screening (docs/decisions/compliance-watch.md, docs/decisions/sanctions-list.md).
-- A case: one rule's concern about one player, open until an operator clears or escalates it. While it is open a new
-- hit of the same rule for the same player adds to it (the partial unique index); `holds` cases keep the player's
-- withdrawals from the payment provider.
CREATE TABLE `compliance_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`rule` text NOT NULL,
	`severity` integer NOT NULL,
	`holds` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`hits` integer DEFAULT 1 NOT NULL,
	`opened_at` integer NOT NULL,
	`last_hit_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	`reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "compliance_cases_status" CHECK("compliance_cases"."status" IN ('open', 'cleared', 'escalated')),
	CONSTRAINT "compliance_cases_severity" CHECK("compliance_cases"."severity" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_cases_open_unique` ON `compliance_cases` (`user_id`, `rule`) WHERE `status` = 'open';--> statement-breakpoint
CREATE INDEX `compliance_cases_status_idx` ON `compliance_cases` (`status`, `opened_at`);--> statement-breakpoint
CREATE INDEX `compliance_cases_user_idx` ON `compliance_cases` (`user_id`, `opened_at`);--> statement-breakpoint
-- What a rule saw each time it tripped: amounts in cents, times in ms, ids, the other players. `ref` names the
-- movement, session or withdrawal that tripped it, so a rule re-run over the same one adds nothing.
CREATE TABLE `compliance_hits` (
	`id` text PRIMARY KEY NOT NULL,
	`case_id` text,
	`user_id` text NOT NULL,
	`rule` text NOT NULL,
	`ref` text NOT NULL,
	`facts` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `compliance_cases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_hits_ref_unique` ON `compliance_hits` (`ref`, `rule`, `user_id`);--> statement-breakpoint
CREATE INDEX `compliance_hits_case_idx` ON `compliance_hits` (`case_id`, `at`);--> statement-breakpoint
-- A hit is evidence: written once, linked to its case once, never changed or removed.
CREATE TRIGGER compliance_hits_kept BEFORE UPDATE ON compliance_hits
WHEN OLD.case_id IS NOT NULL OR NEW.facts IS NOT OLD.facts OR NEW.ref IS NOT OLD.ref OR NEW.user_id IS NOT OLD.user_id OR NEW.rule IS NOT OLD.rule OR NEW.at IS NOT OLD.at
BEGIN
  SELECT RAISE(ABORT, 'compliance hits cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER compliance_hits_not_deleted BEFORE DELETE ON compliance_hits BEGIN
  SELECT RAISE(ABORT, 'compliance hits cannot be deleted');
END;
--> statement-breakpoint
-- Each withdrawal's destination as the network reads it (a bech32 address in lower case, a Lightning invoice's payee
-- node), compared with other players' and with the sanctions list; and the last ledger entry at its request, where
-- the next withdrawal's "since the last withdrawal" starts.
CREATE TABLE `withdrawal_screens` (
	`withdrawal_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`destination_key` text,
	`entry_mark` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`withdrawal_id`) REFERENCES `withdrawals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `withdrawal_screens_destination_idx` ON `withdrawal_screens` (`destination_key`, `user_id`) WHERE `destination_key` IS NOT NULL;--> statement-breakpoint
-- The sanctioned addresses and Lightning nodes, replaced whole by `coinreel sanctions import`, and that import.
CREATE TABLE `sanctioned_addresses` (
	`address` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `sanctions_list` (
	`id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`list_date` integer NOT NULL,
	`imported_at` integer NOT NULL,
	`count` integer NOT NULL,
	CONSTRAINT "sanctions_list_one" CHECK("sanctions_list"."id" = 1)
);
--> statement-breakpoint
-- A player whose cash-out is frozen (a sanctioned destination, an escalated case): their withdrawals are refused or
-- held until an operator unfreezes it.
CREATE TABLE `cash_out_freezes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`case_id` text,
	`reason` text NOT NULL,
	`frozen_by` text,
	`frozen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- How far the watch job has read each source (an entry id, a session's rowid, a screen's rowid).
CREATE TABLE `compliance_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- Sign-ins from one device or one address, counted over 7 days by the shared-accounts rule.
CREATE INDEX `sessions_device_key_idx` ON `sessions` (`device_key`, `created_at`) WHERE `device_key` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_ip_idx` ON `sessions` (`ip`, `created_at`) WHERE `ip` IS NOT NULL;--> statement-breakpoint
-- Earlier withdrawals' destinations, so a new one is compared with them too: an address as the network reads it, a
-- Lightning address in lower case; a BOLT11 invoice's payee needs its signature read, which SQL cannot (left NULL).
INSERT INTO `withdrawal_screens` (`withdrawal_id`, `user_id`, `destination_key`, `entry_mark`, `created_at`)
SELECT `id`, `user_id`,
  CASE WHEN `currency` = 'BTC-CHAIN' AND (lower(substr(`destination`, 1, 3)) IN ('bc1', 'tb1') OR lower(substr(`destination`, 1, 5)) = 'bcrt1') THEN lower(`destination`)
       WHEN `currency` = 'BTC-CHAIN' THEN `destination`
       WHEN instr(`destination`, '@') > 0 THEN lower(`destination`) END,
  NULL, `created_at` FROM `withdrawals`;
--> statement-breakpoint
-- The watch starts from now: what happened before this version opens no case.
INSERT INTO `compliance_cursors` (`name`, `position`, `updated_at`) VALUES
  ('entries', (SELECT coalesce(max(`id`), 0) FROM `entries`), 0),
  ('sessions', (SELECT coalesce(max(rowid), 0) FROM `sessions`), 0),
  ('withdrawals', (SELECT coalesce(max(rowid), 0) FROM `withdrawal_screens`), 0);
