/** Four steps from sign-up to cash-out; `game` names one game on its own info page. */
export function HowItWorks({ siteName, game, headingId = 'how-title' }: { siteName: string; game?: string; headingId?: string }) {
  const where = game ?? 'Ultra Panda or VBlink';
  return (
    <section className="page-section" id="how-it-works" aria-labelledby={headingId}>
      <div className="section-head">
        <p className="eyebrow">How it works</p>
        <h2 id={headingId}>{game ? `Play ${game} with ${siteName}` : 'From sign-up to cash-out'}</h2>
      </div>
      <ol className="steps">
        <li>
          <h3>Create your account</h3>
          <p>Register with your e-mail, confirm you are 21 or older and verify the address from the link we send.</p>
        </li>
        <li>
          <h3>Deposit with Bitcoin</h3>
          <p>Choose an amount and pay the Lightning invoice or on-chain address shown as a QR code.</p>
        </li>
        <li>
          <h3>Transfer to {where}</h3>
          <p>Move credits from your wallet to your game account; your game username is shown in your game library.</p>
        </li>
        <li>
          <h3>Redeem and withdraw</h3>
          <p>Redeem winnings back to your wallet, then withdraw to your own Bitcoin wallet.</p>
        </li>
      </ol>
    </section>
  );
}
