import type { ReactNode } from 'react';
import { amountView, detailLines, formatTime, statusTone, tipSplit, type Tx } from './history-format';

/** The history table (spec §2 columns); on phones the shared .table style stacks each row as a card. */
export function TransactionRows({ items, local, extra }: { items: Tx[]; local: boolean; extra?: (tx: Tx) => ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table tx-table">
        <thead>
          <tr>
            <th scope="col">Transaction ID</th>
            <th scope="col" className="num">Amount</th>
            <th scope="col">Game Platform</th>
            <th scope="col">Time</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((tx) => (
            <TransactionRow key={tx._id} tx={tx} local={local} extra={extra?.(tx)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TransactionRow({ tx, local, extra }: { tx: Tx; local: boolean; extra?: ReactNode }) {
  const amount = amountView(tx);
  const status = String(tx.transactionStatus ?? '').toLowerCase();
  const split = tipSplit(tx);
  return (
    <tr>
      <td data-label="Transaction ID">
        <span className="tx-cell">
          <span className="tx-id">{tx.transactionUuid || tx._id}</span>
          {detailLines(tx).map((d) => (
            <small key={d.text} className={`tx-sub${d.flag ? ' tx-flag' : ''}${d.text.startsWith('Reason: ') ? ' tx-reason' : ''}`}>{d.text}</small>
          ))}
        </span>
      </td>
      <td data-label="Amount" className="num">
        <span className="tx-cell">
          <span className={`amount-${amount.tone}`}>{amount.text}</span>
          <small className="tx-sub">{tx.type.toLowerCase()}</small>
          {split && <small className="tx-sub">{split}</small>}
        </span>
      </td>
      <td data-label="Game Platform">{tx.gameId?.gameName || 'N/A'}</td>
      <td data-label="Time">
        <time dateTime={tx.createdAt}>{formatTime(tx.createdAt, local)}</time>
      </td>
      <td data-label="Status">
        <span className={`pill pill-${statusTone(status)}`}>{status || 'unknown'}</span>
        {/* A deposit still waiting for payment: back to its address, QR and countdown from anywhere. */}
        {status === 'pending' && tx.depositId && (
          <a className="tx-action" href={`/deposit-bitcoin?deposit=${encodeURIComponent(tx.depositId)}`}>Pay this deposit</a>
        )}
        {extra}
      </td>
    </tr>
  );
}
