import { m } from '../../src/i18n/paraglide/messages.js';
import type { ReactNode } from 'react';
import { amountView, awaitsPayment, detailLines, formatTime, statusTone, statusWords, tipSplit, typeWords, type Tx } from './history-format';

/** The history table (spec §2 columns); on phones the shared .table style stacks each row as a card. */
export function TransactionRows({ items, local, extra }: { items: Tx[]; local: boolean; extra?: (tx: Tx) => ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table tx-table">
        <thead>
          <tr>
            <th scope="col">{m.islands_tx_col_id()}</th>
            <th scope="col" className="num">{m.islands_tx_col_amount()}</th>
            <th scope="col">{m.islands_tx_col_game()}</th>
            <th scope="col">{m.islands_tx_col_time()}</th>
            <th scope="col">{m.islands_tx_col_status()}</th>
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
  // Each cell's label, for phones where the row stacks as a card.
  const label = { id: m.islands_tx_col_id(), amount: m.islands_tx_col_amount(), game: m.islands_tx_col_game(), time: m.islands_tx_col_time(), status: m.islands_tx_col_status() };
  return (
    <tr>
      <td data-label={label.id}>
        <span className="tx-cell">
          <span className="tx-id">{tx.transactionUuid || tx._id}</span>
          {detailLines(tx).map((d) => (
            <small key={d.text} className={`tx-sub${d.flag ? ' tx-flag' : ''}${d.reason ? ' tx-reason' : ''}`}>{d.text}</small>
          ))}
        </span>
      </td>
      <td data-label={label.amount} className="num">
        <span className="tx-cell">
          <span className={`amount-${amount.tone}`}>{amount.text}</span>
          <small className="tx-sub">{typeWords(tx.type)}</small>
          {split && <small className="tx-sub">{split}</small>}
        </span>
      </td>
      <td data-label={label.game}>{tx.gameId?.gameName || m.islands_tx_no_game()}</td>
      <td data-label={label.time}>
        <time dateTime={tx.createdAt}>{formatTime(tx.createdAt, local)}</time>
      </td>
      <td data-label={label.status}>
        <span className={`pill pill-${statusTone(status)}`}>{statusWords(status)}</span>
        {/* A deposit still waiting for payment: back to its address, QR and countdown from anywhere. Once a payment
            has arrived (still confirming) its page says so instead, and nothing here asks to pay it again. */}
        {tx.depositId && status === 'pending' && (
          <a className="tx-action" href={`/deposit-bitcoin?deposit=${encodeURIComponent(tx.depositId)}`}>
            {awaitsPayment(tx) ? m.islands_tx_pay_deposit() : m.islands_tx_see_deposit()}
          </a>
        )}
        {extra}
      </td>
    </tr>
  );
}
