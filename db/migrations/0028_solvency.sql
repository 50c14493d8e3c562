-- Proof of liabilities (docs/solvency.md). Every player gets an account nonce: 32 random bytes, made once, never
-- changed. Existing players get theirs here from SQLite's randomblob() (a ChaCha20 generator seeded from the
-- operating system since SQLite 3.40); registration writes its own from crypto.getRandomValues, and any other
-- insert (an operator made by `coinreel admin create`) is filled by the trigger below.
ALTER TABLE `users` ADD `solvency_nonce` blob;--> statement-breakpoint
UPDATE `users` SET `solvency_nonce` = randomblob(32) WHERE `solvency_nonce` IS NULL;--> statement-breakpoint
CREATE TRIGGER `users_solvency_nonce_fill` AFTER INSERT ON `users`
WHEN NEW.solvency_nonce IS NULL OR length(NEW.solvency_nonce) <> 32 OR typeof(NEW.solvency_nonce) <> 'blob'
BEGIN UPDATE `users` SET `solvency_nonce` = randomblob(32) WHERE `id` = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER `users_solvency_nonce_fixed` BEFORE UPDATE OF `solvency_nonce` ON `users`
WHEN OLD.solvency_nonce IS NOT NULL AND typeof(OLD.solvency_nonce) = 'blob' AND length(OLD.solvency_nonce) = 32
  AND NEW.solvency_nonce IS NOT OLD.solvency_nonce
BEGIN SELECT RAISE(ABORT, 'an account nonce never changes'); END;
--> statement-breakpoint
-- A notification may point to a page of the site (the proof's check page).
ALTER TABLE `notifications` ADD `link` text;--> statement-breakpoint
-- One row per published snapshot: what the list shows. `seq` orders them and makes the chain of previous roots one
-- line: two publications racing both want the next number, and only one gets it.
CREATE TABLE `solvency_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	`root_digest` text NOT NULL,
	`root_cents` integer NOT NULL,
	`previous_root` text,
	`players` integer NOT NULL,
	`leaves` integer NOT NULL,
	`json_bytes` integer NOT NULL,
	`gzip_bytes` integer NOT NULL,
	`chunks` integer NOT NULL,
	`file_sha256` text NOT NULL,
	`reserves` text,
	CONSTRAINT "solvency_snapshots_root_nonnegative" CHECK("solvency_snapshots"."root_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `solvency_snapshots_seq_unique` ON `solvency_snapshots` (`seq`);--> statement-breakpoint
-- The published file, gzip-compressed, in pieces of about a megabyte: every instance serves it from the database
-- it shares, and a large file never has to sit in memory at once. Written before the snapshot's row; pieces of a
-- publication that never finished have no row and are removed by the next one.
CREATE TABLE `solvency_chunks` (
	`snapshot_id` text NOT NULL,
	`n` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`snapshot_id`, `n`)
);
--> statement-breakpoint
-- Published means never changing: neither the row nor a piece of its file can be altered or removed.
CREATE TRIGGER `solvency_snapshots_no_update` BEFORE UPDATE ON `solvency_snapshots`
BEGIN SELECT RAISE(ABORT, 'a published snapshot never changes'); END;
--> statement-breakpoint
CREATE TRIGGER `solvency_snapshots_no_delete` BEFORE DELETE ON `solvency_snapshots`
BEGIN SELECT RAISE(ABORT, 'a published snapshot never changes'); END;
--> statement-breakpoint
CREATE TRIGGER `solvency_chunks_no_update` BEFORE UPDATE ON `solvency_chunks`
BEGIN SELECT RAISE(ABORT, 'a published snapshot never changes'); END;
--> statement-breakpoint
CREATE TRIGGER `solvency_chunks_no_delete` BEFORE DELETE ON `solvency_chunks`
WHEN EXISTS (SELECT 1 FROM `solvency_snapshots` WHERE `id` = OLD.snapshot_id)
BEGIN SELECT RAISE(ABORT, 'a published snapshot never changes'); END;
--> statement-breakpoint
CREATE TRIGGER `solvency_chunks_no_late_insert` BEFORE INSERT ON `solvency_chunks`
WHEN EXISTS (SELECT 1 FROM `solvency_snapshots` WHERE `id` = NEW.snapshot_id)
BEGIN SELECT RAISE(ABORT, 'a published snapshot never changes'); END;
--> statement-breakpoint
-- Each player's liability in a snapshot, for their own answer (GET /api/v1/solvency/me) and their notice. Kept for
-- the latest snapshots only; never public.
CREATE TABLE `solvency_inclusions` (
	`snapshot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`liability_cents` integer NOT NULL,
	PRIMARY KEY(`snapshot_id`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `solvency_inclusions_user_idx` ON `solvency_inclusions` (`user_id`);--> statement-breakpoint
-- How far the notices of a snapshot have got (by user id), so a crash mid-way resumes instead of starting over.
CREATE TABLE `solvency_notices` (
	`snapshot_id` text PRIMARY KEY NOT NULL,
	`through_user_id` text DEFAULT '' NOT NULL,
	`finished_at` integer
);
