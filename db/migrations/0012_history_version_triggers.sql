-- Every change to a player's history, or to the withdrawal a history row names, moves their history version,
-- in the same transaction as the change: a page cached under the version it was read at is never stale.
CREATE TRIGGER history_version_on_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO history_versions (user_id, version) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER history_version_on_update AFTER UPDATE ON transactions BEGIN
  INSERT INTO history_versions (user_id, version) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER history_version_on_delete AFTER DELETE ON transactions BEGIN
  INSERT INTO history_versions (user_id, version) VALUES (OLD.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER history_version_on_withdrawal AFTER INSERT ON withdrawals BEGIN
  INSERT INTO history_versions (user_id, version) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
