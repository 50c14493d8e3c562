import { definePage } from './page';
import { GamesGrid } from './sections/games-grid';

const FOUNDED = 2020;

const VALUES = [
  { title: 'Fast', text: 'Lightning deposits land in minutes and transfers to games take seconds.' },
  { title: 'Safe', text: 'Passwords are stored only as hashes, game passwords are encrypted, and every credit is tracked in a double-entry ledger.' },
  { title: 'Clear', text: 'Plain terms and a full history of every deposit, transfer, redeem and withdrawal on your account.' },
  { title: 'Responsible', text: 'Adults 21 and over only, with spending limits, time-outs and self-exclusion whenever you ask.' },
];

export default definePage({
  title: 'About Us',
  description: 'Founded in 2020, we run one simple wallet for Ultra Panda and VBlink players.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <section className="page-section narrow">
        <h1 className="page-title">About {site.siteName}</h1>
        <p className="founded">
          <span className="muted">Founded</span> <strong>{FOUNDED}</strong>
        </p>
        <p className="page-lead">
          {site.siteName} started in {FOUNDED} with a simple idea: players of online sweepstakes games deserve a wallet
          that is as quick and dependable as the games themselves.
        </p>
        <div className="prose">
          <h2>Our story</h2>
          <p>
            Before {site.siteName}, topping up a game account meant messaging an agent, waiting for someone to load the
            credits by hand and hoping a cash-out would arrive. We built one place where a player can hold a balance,
            load it into a game and take winnings out again without waiting on anyone.
          </p>
          <p>
            We chose Bitcoin for deposits and withdrawals because it works around the clock and pays straight into a
            wallet you control. Lightning makes small payments nearly instant; on-chain suits larger amounts.
          </p>
          <h2>What we do</h2>
          <p>
            {site.siteName} holds your credits in one dollar-denominated wallet. From there you can load Ultra Panda or
            VBlink, redeem winnings back, send credits to a friend, redeem freeplay codes and cash out to Bitcoin. Every
            movement appears in your transaction history.
          </p>
        </div>
      </section>
      <section className="page-section" aria-labelledby="values-title">
        <div className="section-head">
          <h2 id="values-title">What we stand for</h2>
        </div>
        <ul className="value-grid">
          {VALUES.map((v) => (
            <li key={v.title} className="card">
              <h3>{v.title}</h3>
              <p>{v.title === 'Fast' ? `${v.text} ${site.withdrawalTime}` : v.text}</p>
            </li>
          ))}
        </ul>
        <div className="banner">
          <p>
            Questions, ideas or a problem with your account? Our support team reads every message.
          </p>
          <a className="btn btn-primary" href="/support">Contact support</a>
        </div>
      </section>
      <GamesGrid site={site} title="The games we support" />
    </>
  ),
});
