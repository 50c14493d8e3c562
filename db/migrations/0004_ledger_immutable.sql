-- Ledger history is append-only: entries and transfers never change or disappear. The one allowed update is a
-- hold's single status change from pending to posted or voided (its amounts stay as they were).
CREATE TRIGGER `entries_no_update` BEFORE UPDATE ON `entries`
BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
--> statement-breakpoint
CREATE TRIGGER `entries_no_delete` BEFORE DELETE ON `entries`
BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
--> statement-breakpoint
CREATE TRIGGER `transfers_no_delete` BEFORE DELETE ON `transfers`
BEGIN SELECT RAISE(ABORT, 'ledger transfers are immutable'); END;
--> statement-breakpoint
CREATE TRIGGER `transfers_settle_only` BEFORE UPDATE ON `transfers`
WHEN NOT (OLD.kind = 'hold' AND OLD.status = 'pending' AND NEW.status IN ('posted', 'voided')
  AND NEW.id IS OLD.id AND NEW.kind IS OLD.kind AND NEW.code IS OLD.code
  AND NEW.debit_account_id IS OLD.debit_account_id AND NEW.credit_account_id IS OLD.credit_account_id
  AND NEW.amount_cents IS OLD.amount_cents AND NEW.pending_id IS OLD.pending_id
  AND NEW.external_ref IS OLD.external_ref AND NEW.metadata IS OLD.metadata AND NEW.created_at IS OLD.created_at)
BEGIN SELECT RAISE(ABORT, 'ledger transfers are immutable'); END;
