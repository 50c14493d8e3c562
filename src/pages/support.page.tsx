import { RestrictedStates } from './sections/restricted-states';
import type { ReactNode } from 'react';
import { definePage, type SiteInfo } from './page';
import { ExternalLink } from './sections/external-link';
import { ChatIcon, HelpIcon, MailIcon } from './sections/icons';
import { HowToDeposit } from './sections/how-to-deposit';
import { GamblingHelp } from './sections/gambling-help';

const faq = ({ siteName, supportEmail, withdrawalTime }: SiteInfo): { q: string; a: ReactNode }[] => [
  {
    q: 'How do I deposit?',
    a: (
      <p>
        Sign in, choose Deposit, enter an amount and confirm. Pay the Lightning invoice or the on-chain address shown
        with its QR code; your wallet is credited when the payment is confirmed. The Lightning invoice is valid for 30
        minutes, and every deposit has its own address. See <a href="#how-to-deposit">How to deposit</a> for Cash App
        and late or partial payments.
      </p>
    ),
  },
  {
    q: 'How do I load credits into Ultra Panda or VBlink?',
    a: (
      <p>
        On your dashboard, use Transfer to Game: pick the game, check the username and enter the amount. The credits
        leave your wallet and appear in your game account. Redeem from Game brings them back.
      </p>
    ),
  },
  {
    q: 'How long does a withdrawal take?',
    a: (
      <p>
        {withdrawalTime} The minimum is $100 on-chain and $1 over Lightning. A payout
        that needs review, such as a first or large withdrawal, can take 3 to 10 business days.
      </p>
    ),
  },
  {
    q: 'I did not get my verification e-mail.',
    a: (
      <p>
        Check your spam folder, then log in with your password: while the address is not verified, that sends a fresh link to it.
        Still nothing? Write to {supportEmail} from the address you registered with.
      </p>
    ),
  },
  {
    q: 'I forgot my password.',
    a: (
      <p>
        Use <a href="/forgot-password">Forgot password</a> on the login page. We e-mail you a link to choose a new
        password. For a game password, use Reset in your game library instead.
      </p>
    ),
  },
  {
    q: 'How do I redeem a freeplay code?',
    a: <p>Open the wallet menu, choose Freeplay and enter the code. Each code works once; bonus credits may expire after 60 days.</p>,
  },
  {
    q: 'Who can play?',
    a: (
      <p>
        Only adults 21 and older, where sweepstakes games are lawful. One account per person. See our{' '}
        <a href="/terms-condition">Terms &amp; Conditions</a>.
      </p>
    ),
  },
  {
    q: `Is my ${siteName} account safe?`,
    a: (
      <p>
        Your password is stored only as a hash and your game passwords are encrypted. We will never ask for your
        password: do not share it with anyone, including people who say they are from support.
      </p>
    ),
  },
];

export default definePage({
  title: 'Support',
  description: 'How to reach our support team, and answers to the most common questions.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <section className="page-section" aria-labelledby="support-title">
        <h1 className="page-title" id="support-title">Support</h1>
        <p className="page-lead">
          Stuck on a deposit, a transfer or a withdrawal? Our team reads every message and replies as soon as it can.
        </p>
        <ul className="contact-grid">
          <li>
            <div className="card">
              <span className="service-icon"><MailIcon /></span>
              <h2 className="card-title">E-mail us</h2>
              <p>The best way to reach us about your account. Write from the e-mail address you registered with.</p>
              <a className="btn btn-primary" href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </div>
          </li>
          {site.communityUrl && (
            <li>
              <div className="card">
                <span className="service-icon"><ChatIcon /></span>
                <h2 className="card-title">Community chat</h2>
                <p>News, promotions and quick answers from the team and other players in our chat channel.</p>
                <ExternalLink className="btn btn-ghost" href={site.communityUrl}>Join the chat</ExternalLink>
              </div>
            </li>
          )}
          <li>
            <div className="card">
              <span className="service-icon"><HelpIcon /></span>
              <h2 className="card-title">Help yourself</h2>
              <p>Most questions are answered below. For staying in control, see our responsible gaming page.</p>
              <a className="btn btn-ghost" href="/responsible-gaming">Responsible gaming</a>
            </div>
          </li>
        </ul>
        <div className="prose">
          <h2>Help us help you faster</h2>
          <ul>
            <li>Include your <strong>Player ID</strong>, shown on your dashboard.</li>
            <li>For a payment, include the <strong>transaction ID</strong> from your transaction history and the time it happened.</li>
            <li>
              <strong>Never send your password</strong>, and never pay anyone who contacts you claiming to be support.
            </li>
          </ul>
        </div>
      </section>
      <RestrictedStates site={site} />
      <HowToDeposit supportEmail={site.supportEmail} />
      <GamblingHelp />
      <section className="page-section" id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq">
          {faq(site).map((f) => (
            <details key={f.q}>
              <summary>{f.q}</summary>
              <div>{f.a}</div>
            </details>
          ))}
        </div>
      </section>
    </>
  ),
});
