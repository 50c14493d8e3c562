-- The limits a withdrawal was asked under, kept on its row so the database itself can refuse the one that would
-- pass them: the check runs inside the transaction that holds the credits, so concurrent requests cannot all slip
-- under one limit. NULL (rows written before this) means not checked.
ALTER TABLE `withdrawals` ADD `open_limit` integer;
--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `daily_limit_cents` integer;
--> statement-breakpoint
-- 1: the payout is created approved (the day's auto-approved total stayed within the threshold); 0: an operator approves it.
ALTER TABLE `withdrawals` ADD `auto_approved` integer;
--> statement-breakpoint
CREATE TRIGGER withdrawals_within_limits BEFORE INSERT ON withdrawals
WHEN NEW.open_limit IS NOT NULL OR NEW.daily_limit_cents IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'WITHDRAWALS_OPEN_LIMIT')
    WHERE NEW.open_limit IS NOT NULL
      AND (SELECT count(*) FROM withdrawals WHERE user_id = NEW.user_id AND status IN ('creating', 'pending', 'cancelling')) >= NEW.open_limit;
  SELECT RAISE(ABORT, 'WITHDRAWAL_DAILY_LIMIT')
    WHERE NEW.daily_limit_cents IS NOT NULL
      AND NEW.amount_cents + coalesce((SELECT sum(amount_cents) FROM withdrawals
        WHERE user_id = NEW.user_id AND status NOT IN ('failed', 'cancelled') AND created_at > NEW.created_at - 86400000), 0) > NEW.daily_limit_cents;
END;
--> statement-breakpoint
-- A withdrawal's history row shows whether its payout is approved: a change of the payout's state moves the
-- player's history version too, so a page cached before it is not served after it.
CREATE TRIGGER history_version_on_payout_state AFTER UPDATE OF payout_state ON withdrawals
WHEN NEW.payout_state IS NOT OLD.payout_state
BEGIN
  INSERT INTO history_versions (user_id, version) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = version + 1;
END;
