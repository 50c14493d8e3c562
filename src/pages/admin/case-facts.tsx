import { money, when, type Row } from './ui';

// How a case's facts read on screen (the API gives amounts in dollars and times as ISO dates).
const LABELS: Record<string, string> = {
  withdrawalId: 'Withdrawal', amount: 'Amount', deposited: 'Deposited since the last withdrawal', received: 'Received by P2P since then', played: 'Played since then',
  since: 'Last withdrawal', minPlayShare: 'Least share played', destination: 'Destination', currency: 'Network', otherWithdrawalCount: 'Other players\' withdrawals there',
  otherWithdrawals: 'Their withdrawals', direction: 'Direction', players: 'Different players', threshold: 'Threshold', transfers: 'Transfers', total: 'Total',
  from: 'From', to: 'To', transferId: 'Transfer', count: 'Count', bandFrom: 'Band from', bandBelow: 'Band below', depositId: 'Deposit', minimum: 'Threshold',
  requestedAt: 'Asked for', via: 'By', address: 'Address', accounts: 'Accounts', sessionId: 'Sign-in', listedAs: 'Listed as',
};
const MONEY = new Set(['amount', 'deposited', 'received', 'played', 'total', 'minimum', 'bandFrom', 'bandBelow']);
const TIMES = new Set(['since', 'from', 'to', 'requestedAt', 'at']);
// Shown elsewhere on the page (the players are named with links; the hit's own id and time head its entry).
const SKIP = new Set(['otherPlayers', 'id', 'at', 'ref']);

function text(key: string, v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (MONEY.has(key) && typeof v === 'number') return money(v);
  if (TIMES.has(key) && typeof v === 'string') return when(v);
  if (key === 'minPlayShare' && typeof v === 'number') return `${Math.round(v * 10000) / 100} %`;
  if (key === 'direction') return v === 'in' ? 'received from' : 'sent to';
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? itemText(x as Row) : String(x))).join('; ');
  return String(v);
}

const itemText = (x: Row) => [x.kind, typeof x.amount === 'number' ? money(x.amount) : null, x.at ? when(x.at) : null, x.id].filter(Boolean).join(' ');

/** One hit's facts as label and text. */
export function factLines(facts: Row): [string, string][] {
  return Object.entries(facts).filter(([k]) => !SKIP.has(k)).map(([k, v]) => [k === 'items' ? 'Deposits and withdrawals' : LABELS[k] ?? k, text(k, v)]);
}

/** Every hit of the case, oldest first, each with what the rule saw. */
export function CaseFacts({ facts }: { facts: Row[] }) {
  return (
    <ol className="admin-facts-list">
      {facts.map((f) => (
        <li key={f.id}>
          <strong>{when(f.at)}</strong>
          <dl className="admin-facts">
            {factLines(f).map(([label, value]) => <div key={label}><dt>{label}</dt><dd className={label === 'Destination' || label === 'Listed as' ? 'admin-mono' : undefined}>{value}</dd></div>)}
          </dl>
        </li>
      ))}
    </ol>
  );
}
