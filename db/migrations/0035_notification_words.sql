-- A notification's words as its message's key and inputs (JSON), said when it is read in the reader's language: a
-- player who changes language reads their old notifications in the new one. `content` keeps the English (the
-- console, and notifications written before this, which have no key and are shown as written).
ALTER TABLE `notifications` ADD `message` text;
