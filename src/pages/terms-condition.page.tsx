import { RestrictedStates } from './sections/restricted-states';
import { definePage, type SiteInfo } from './page';
import { LegalDoc, type DocSection } from './sections/legal-doc';

// Version and date of spec §1; the figures below are the business constants of spec §9.
export const TERMS_VERSION = 3;
export const TERMS_UPDATED = '8 May 2025';

const sections = ({ siteName, supportEmail, withdrawalTime }: SiteInfo): DocSection[] => [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <>
        <p>
          These terms are an agreement between you and {siteName}. By creating an account, ticking the terms box at
          registration or using the site, you accept version {TERMS_VERSION} of these terms. If you do not agree, do not use
          the site.
        </p>
        <p>Our <a href="/privacy-policy">Privacy Policy</a> explains how we handle your information and forms part of these terms.</p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may play',
    body: (
      <ul>
        <li>You must be <strong>21 years of age or older</strong> and confirm it when you register.</li>
        <li>You must live in a place where taking part in sweepstakes games of this kind is lawful. You are responsible for knowing the law where you are.</li>
        <li>One account per person. Accounts may not be shared, sold or transferred.</li>
        <li>We may ask you to prove your age and identity at any time, and we may hold your account until you do.</li>
      </ul>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate details and keep them up to date in your profile settings.</li>
        <li>Verify your e-mail address from the link we send before you sign in for the first time.</li>
        <li>Keep your password secret. You are responsible for activity on your account until you tell us it has been compromised.</li>
        <li>Your Player ID identifies you to our support team. We will never ask for your password.</li>
      </ul>
    ),
  },
  {
    id: 'credits',
    title: 'Wallet, credits and virtual currency',
    body: (
      <>
        <p>
          Your wallet balance is shown in US dollars with two decimals. Credits you move to a game are virtual currency
          for play in that game; they are not a bank deposit and earn no interest.
        </p>
        <p className="callout">
          <strong>Virtual currency may expire after 180 days.</strong> Credits left unused in your account or in a game
          account for 180 days may be removed.
        </p>
      </>
    ),
  },
  {
    id: 'bonuses',
    title: 'Bonus credits and freeplay codes',
    body: (
      <>
        <p className="callout">
          <strong>Bonus credits may expire after 60 days.</strong> Bonus and promotional credits, including credits from
          freeplay codes, may be removed if they are not used within 60 days.
        </p>
        <ul>
          <li>Each freeplay code can be redeemed once, by one account, before it expires.</li>
          <li>Bonus credits have no cash value until they have been played; any play-through conditions are stated with the offer.</li>
          <li>We may withdraw a promotion, or bonus credits gained by abusing one, at any time.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'deposits',
    title: 'Deposits',
    body: (
      <ul>
        <li>Deposits are made in Bitcoin, over the Lightning Network or on-chain, to the invoice or address shown for that deposit.</li>
        <li>Send the Bitcoin amount equal to the US-dollar amount you chose. Your wallet is credited once the payment is confirmed.</li>
        <li>Every deposit gets a new address. Send crypto only to the address given for that deposit; payments to any other address may be lost.</li>
        <li>A Lightning invoice expires after 30 minutes. Do not pay an expired invoice.</li>
      </ul>
    ),
  },
  {
    id: 'games',
    title: 'Transfers to and from games',
    body: (
      <>
        <p>
          Ultra Panda and VBlink are operated by third parties. Their own rules apply to play inside them, and we are not
          responsible for their availability or outcomes.
        </p>
        <ul>
          <li>A transfer moves credits from your wallet to your game account; a redeem brings them back.</li>
          <li>A transfer is held from your balance until the game confirms it, and returned if the game refuses it.</li>
          <li>Your game username and password are shown only to you. You may request a new game password from your game library.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'withdrawals',
    title: 'Withdrawals and payouts',
    body: (
      <>
        <ul>
          <li>Withdrawals are paid in Bitcoin: on-chain (minimum $100) or over Lightning (minimum $1).</li>
          <li>You may add an optional tip. The amount and tip are held from your balance as soon as you submit the request.</li>
          <li>{withdrawalTime}</li>
          <li>Check the address or invoice before you submit: Bitcoin payments cannot be reversed once sent.</li>
        </ul>
        <p className="callout">
          <strong>Payouts take 3 to 10 business days</strong> to complete when a request needs review, for example a
          first withdrawal, a large amount or an identity check. A payout that fails is returned to your wallet.
        </p>
      </>
    ),
  },
  {
    id: 'p2p',
    title: 'Transfers between players',
    body: (
      <p>
        You may send credits from your wallet to another player by their e-mail address. Check the address first: a
        completed transfer cannot be reversed by us.
      </p>
    ),
  },
  {
    id: 'taxes',
    title: 'Taxes',
    body: (
      <p>
        Winnings may be taxable. <strong>We issue an IRS Form 1099 when your winnings in a calendar year are $600 or
        more</strong>, and may ask for your tax details before paying out. You are responsible for reporting and paying
        any tax due.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Fair play',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>open more than one account, or play on someone else&apos;s account;</li>
          <li>use bots, scripts or any software that plays for you or interferes with the site;</li>
          <li>use the site to move money that is not yours or that comes from crime;</li>
          <li>exploit errors, or abuse promotions and freeplay codes.</li>
        </ul>
        <p>If we find a breach we may void the credits involved, suspend or close the account, and report it where the law requires.</p>
      </>
    ),
  },
  {
    id: 'closure',
    title: 'Suspension and closure',
    body: (
      <p>
        You may close your account at any time by writing to support. We may suspend or close an account that breaks
        these terms. When an account closes, we pay out the withdrawable balance to a Bitcoin address you give us, less
        any credits voided under these terms.
      </p>
    ),
  },
  {
    id: 'responsible',
    title: 'Responsible gaming',
    body: (
      <p>
        Play only with money you can afford to lose. Our <a href="/responsible-gaming">Responsible Gaming</a> page
        explains limits, time-outs and self-exclusion, and where to find help.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          The site is provided as it is. We do not promise that it will always be available or free of errors.
        </p>
        <p className="callout">
          <strong>Our total liability to you is limited to $50 or the amount you paid us in the last 6 months,
          whichever is greater.</strong> We are not liable for losses of play, of data or of profit, nor for the
          third-party games.
        </p>
        <p>Nothing in these terms limits liability that cannot be limited by law.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. Each update gets a new version number and date at the top of this page; when the
        changes are significant we will ask you to accept the new version before you continue playing.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or visit
        our <a href="/support">support page</a>.
      </p>
    ),
  },
];

export default definePage({
  title: 'Terms & Conditions',
  description: 'The rules for using the site: eligibility, credits, deposits, withdrawals, taxes and liability.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <LegalDoc
        title="Terms & Conditions"
        meta={[['Version', String(TERMS_VERSION)], ['Last updated', TERMS_UPDATED]]}
        lead={`Please read these terms before you play. They explain how your ${site.siteName} account, wallet and credits work.`}
        sections={sections(site)}
      />
      <RestrictedStates site={site} />
    </>
  ),
});
