/** The deposit guide on /support that every deposit help link points at (#how-to-deposit). */
export function HowToDeposit({ supportEmail }: { supportEmail: string }) {
  return (
    <section className="page-section prose how-to-deposit" id="how-to-deposit" aria-labelledby="how-to-deposit-title">
      <h2 id="how-to-deposit-title">How to deposit</h2>
      <ol>
        <li>Sign in and choose <strong>Deposit</strong> (in the wallet menu or on your dashboard).</li>
        <li>Enter the amount in dollars and press <strong>Confirm Deposit</strong>. You get a Lightning invoice and a Bitcoin address, each with a QR code, for exactly that amount.</li>
        <li>Pay one of them. Your wallet is credited as soon as the payment is confirmed, and the deposit page tells you when it arrives.</li>
      </ol>
      <h3 id="how-to-deposit-with-cashapp">Paying with Cash App</h3>
      <p>
        No bitcoin yet? In Cash App, open the <strong>Bitcoin</strong> tab and choose <strong>Buy</strong> for at least the
        amount of your deposit. Then, from the deposit page: open Cash App, go to the <strong>Bitcoin</strong> tab and choose <strong>Send</strong> (or the scan icon). Scan the QR code of the{' '}
        <strong>BTC Lightning</strong> tab: Lightning payments from Cash App are instant and carry no network fee. Cash App
        fills in the amount from the invoice; confirm it. You can also paste the address copied with the Copy button.
      </p>
      <h3>Paying from any other wallet</h3>
      <p>
        Any Lightning wallet can pay the Lightning invoice; any Bitcoin wallet can pay the <strong>BTC OnChain</strong> address.
        The on-chain QR code carries the amount, so most wallets fill it in for you. An on-chain payment shows as
        &ldquo;received, waiting for confirmation&rdquo; until the Bitcoin network confirms it, usually within an hour.
      </p>
      <h3>If you pay late, too little or too much</h3>
      <ul>
        <li>The Lightning invoice expires after 30 minutes; after that, start a New Deposit. A payment to the on-chain address that arrives after that time is still watched for a day, and credited when it confirms.</li>
        <li>Paid less than asked? What you paid is credited, and you can pay the rest to the same deposit.</li>
        <li>Paid more? The whole amount is credited.</li>
        <li>Credits are the dollar value of your payment at the rate shown when the deposit was made.</li>
      </ul>
      <h3>When something went wrong</h3>
      <p>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the <strong>invoice ID</strong> shown on the deposit
        page (it is also the order ID under the deposit in your transaction history), the amount and the time you paid,
        and, for an on-chain payment, the transaction ID from your wallet. Never send your password.
      </p>
    </section>
  );
}
