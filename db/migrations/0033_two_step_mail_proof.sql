-- An operator's two-step verification turns on only once a link mailed to the account's address is opened in the
-- sign-in that asked: until then the secret the first code was checked against waits here, with that session and the
-- hash of the link (the link itself is an email_tokens row of purpose two_step_confirm).
ALTER TABLE `user_totp` ADD `awaiting_secret` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_step` integer;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_session_id` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_token_hash` text;
--> statement-breakpoint
-- A write batch whose first writes must each change exactly one row (turning two-step on, parking an operator's
-- set-up, a tax number's change): inserting ok = 0 here aborts it, so of two requests racing on one row only one wins.
-- A batch, because the embedded database has one connection that an interactive transaction would hold against
-- every other request (db/claimed-write.ts).
CREATE VIEW `write_guard` AS SELECT 1 AS `ok`;--> statement-breakpoint
CREATE TRIGGER `write_guard_check` INSTEAD OF INSERT ON `write_guard`
BEGIN SELECT RAISE(ABORT, 'write guard: changed meanwhile') WHERE NOT NEW.ok; END;
