import { GamesGrid } from './sections/games-grid';
import { Hero } from './sections/hero';
import { ServicesGrid } from './sections/services-grid';
import { definePage, type PageContext } from './page';

// The three money forms arrive with the wallet features; until then each section says so plainly.
const SECTIONS = [
  { id: 'transfer', title: 'Transfer to Game', text: 'Move credits from your wallet to Ultra Panda or VBlink.' },
  { id: 'redeem', title: 'Redeem from Game', text: 'Bring credits from a game back to your wallet.' },
  { id: 'withdraw', title: 'Withdraw to Bitcoin', text: 'Cash out your wallet to your own Bitcoin address. Withdrawals are processed in 1 to 4 hours.' },
];

function PlayerBar({ playerId }: { playerId: number }) {
  return (
    <div className="player-bar">
      <div className="player-bar-inner">
        <p className="player-id">
          Player ID: <strong>{playerId}</strong>
        </p>
        <p className="player-bar-hint">
          <a href="/support#how-to-deposit">How to Deposit with CashApp</a>
        </p>
        <a className="btn btn-primary btn-sm" href="/deposit-bitcoin" data-deposit-open="">
          Deposit
        </a>
      </div>
    </div>
  );
}

export default definePage({
  title: 'Home',
  access: 'private',
  render: (ctx: PageContext) => {
    const viewer = ctx.viewer!;
    return (
      <div className="dashboard" id="home">
        <PlayerBar playerId={viewer.playerId} />
        <Hero
          eyebrow={`Welcome${viewer.name ? `, ${viewer.name}` : ''}`}
          title="Your wallet for Ultra Panda and VBlink"
          lead="Deposit with Bitcoin, load your games with credits and cash out your winnings."
          image={{ src: '/images/hero.svg', alt: '', width: 480, height: 400 }}
          actions={
            <a className="btn btn-primary" href="/deposit-bitcoin" data-deposit-open="">
              Deposit Now
            </a>
          }
        />
        <GamesGrid site={ctx.site} title="Game Library" />
        <ServicesGrid signedIn />
        {SECTIONS.map((s) => (
          <section key={s.id} id={s.id} className="page-section dashboard-section" aria-labelledby={`${s.id}-title`}>
            <div className="card">
              <h2 id={`${s.id}-title`} className="card-title">
                {s.title}
              </h2>
              <p className="card-subtitle">{s.text}</p>
              <p className="alert alert-info">This feature opens soon.</p>
            </div>
          </section>
        ))}
      </div>
    );
  },
});
