-- Identity before cash-out, checked where the money moves: the thresholds a withdrawal was asked under ride on its
-- row, and the insert (and so the whole hold) is refused when it would pass one without a verified identity or tax
-- details. Two simultaneous withdrawals cannot then together slip past a threshold. NULL means not checked.
ALTER TABLE `withdrawals` ADD `identity_limit_cents` integer;
--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `tax_limit_cents` integer;
--> statement-breakpoint
-- Start (ms, UTC) of the calendar year whose withdrawals count toward tax_limit_cents.
ALTER TABLE `withdrawals` ADD `tax_year_start` integer;
--> statement-breakpoint
CREATE TRIGGER withdrawals_within_identity_limits BEFORE INSERT ON withdrawals
WHEN NEW.identity_limit_cents IS NOT NULL OR NEW.tax_limit_cents IS NOT NULL
BEGIN
  -- Past IDENTITY_REQUIRED_FOR (cumulative, every withdrawal not cancelled or refused) the latest submission must be verified.
  SELECT RAISE(ABORT, 'IDENTITY_REQUIRED')
    WHERE NEW.identity_limit_cents IS NOT NULL
      AND (SELECT status FROM identity_submissions WHERE user_id = NEW.user_id ORDER BY created_at DESC, id DESC LIMIT 1) IS NOT 'verified'
      AND NEW.amount_cents + coalesce((SELECT sum(amount_cents) FROM withdrawals
        WHERE user_id = NEW.user_id AND status NOT IN ('cancelled', 'failed')), 0) > NEW.identity_limit_cents;
  -- Reaching the year's tax threshold needs tax details.
  SELECT RAISE(ABORT, 'TAX_DETAILS_REQUIRED')
    WHERE NEW.tax_limit_cents IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM tax_details WHERE user_id = NEW.user_id)
      AND NEW.amount_cents + coalesce((SELECT sum(amount_cents) FROM withdrawals
        WHERE user_id = NEW.user_id AND status NOT IN ('cancelled', 'failed') AND created_at >= coalesce(NEW.tax_year_start, 0)), 0) >= NEW.tax_limit_cents;
END;
