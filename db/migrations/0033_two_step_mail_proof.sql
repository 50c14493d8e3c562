-- An operator's two-step verification turns on only once a link mailed to the account's address is opened in the
-- sign-in that asked: until then the secret the first code was checked against waits here, with that session and the
-- hash of the link (the link itself is an email_tokens row of purpose two_step_confirm).
ALTER TABLE `user_totp` ADD `awaiting_secret` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_step` integer;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_session_id` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `awaiting_token_hash` text;
