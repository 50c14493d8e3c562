-- An operator's two-step verification turns on only once a link mailed to the account's address is opened in the
-- sign-in that asked: until then the secret the first code was checked against waits here, with that session and the
-- hash of the link (the link itself is an email_tokens row of purpose two_step_confirm).
ALTER TABLE `user_totp` ADD `awaiting_secret` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_step` integer;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_session_id` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_token_hash` text;
--> statement-breakpoint
-- Turning two-step on (or parking an operator's set-up) is one batch whose first writes must each change exactly one
-- row: inserting ok = 0 here aborts it, so of two requests racing on one set-up or one link only one wins.
CREATE VIEW `two_step_guard` AS SELECT 1 AS `ok`;--> statement-breakpoint
CREATE TRIGGER `two_step_guard_check` INSTEAD OF INSERT ON `two_step_guard`
BEGIN SELECT RAISE(ABORT, 'two-step guard: changed meanwhile') WHERE NOT NEW.ok; END;
