-- The language a player chose (Profile Settings) or registered in: pages, API messages and e-mails follow it when
-- no ?lang or lang cookie says otherwise. NULL: never chosen, so the browser's Accept-Language decides.
ALTER TABLE `users` ADD `language` text CHECK (`language` IN ('en', 'es'));
