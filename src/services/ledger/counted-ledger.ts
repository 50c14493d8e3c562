import type { Ledger, Transfer } from './ledger.types';

type Kind = 'transfer' | 'hold' | 'post' | 'void';

/** The ledger, telling `count` of every movement it committed (for the metrics); nothing else changes. */
export function countedLedger(ledger: Ledger, count: (code: string, kind: Kind) => void): Ledger {
  const counted = (kind: Kind) => (t: Transfer) => {
    count(t.code, kind);
    return t;
  };
  return {
    transfer: (m) => ledger.transfer(m).then(counted('transfer')),
    hold: (m) => ledger.hold(m).then(counted('hold')),
    post: (id, opts) => ledger.post(id, opts).then(counted('post')),
    void: (id, opts) => ledger.void(id, opts).then(counted('void')),
    balance: (id) => ledger.balance(id),
  };
}
