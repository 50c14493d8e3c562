-- Settling a game order: its conditional change (pending to its final state) is checked in the same transaction as the
-- money's move, so a redeem credited by one caller cannot land on an order another caller has just marked failed.
CREATE VIEW `game_order_guard` AS SELECT 1 AS `ok`;--> statement-breakpoint
CREATE TRIGGER `game_order_guard_check` INSTEAD OF INSERT ON `game_order_guard`
BEGIN SELECT RAISE(ABORT, 'game order guard: already settled') WHERE NOT NEW.ok; END;
