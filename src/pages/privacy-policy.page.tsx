import { definePage, type SiteInfo } from './page';
import { LegalDoc, type DocSection } from './sections/legal-doc';

// Spec §1 dates the policy; DESIGN §8 makes the age 21+ here too (the original text said 18+).
const EFFECTIVE = '8 May 2025';

const sections = ({ siteName, supportEmail }: SiteInfo): DocSection[] => [
  {
    id: 'who',
    title: 'Who we are',
    body: (
      <p>
        {siteName} runs this site and the player wallet behind it. We are responsible for the personal information
        described here. You can reach us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>Your e-mail address and password when you register. We keep only a one-way hash of the password, never the password itself.</li>
          <li>Your confirmation that you are 21 or older, the version of the terms you accepted, and when.</li>
          <li>How you heard about us, if you tell us.</li>
          <li>Your name and phone number, if you add them in your profile settings.</li>
          <li>Messages you send to support.</li>
        </ul>
        <h3>Information created when you use the site</h3>
        <ul>
          <li>Your Player ID, wallet balance and the history of deposits, transfers, redeems, withdrawals, player-to-player transfers and freeplay codes.</li>
          <li>Bitcoin invoices and addresses used for your deposits, and the addresses or invoices you give us for withdrawals.</li>
          <li>Your game account usernames and passwords for Ultra Panda and VBlink. Game passwords are stored encrypted.</li>
          <li>Notifications we send you.</li>
          <li>Technical records: the time, page and result of each request, and your IP address, kept for security and troubleshooting.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account: sign-in, your wallet, deposits, transfers to games and withdrawals.</li>
        <li>To check that you are eligible and to prevent fraud, money laundering and abuse of promotions.</li>
        <li>To send the e-mails the service needs: address verification, password resets and payment notices.</li>
        <li>To answer you when you contact support.</li>
        <li>To meet legal duties, such as tax reporting and keeping transaction records.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and storage on your device',
    body: (
      <>
        <p>
          We set one essential cookie that keeps you signed in. It cannot be read by scripts on the page and is removed
          when you log out or the session ends. If you tick Remember me, your browser keeps your e-mail address (never
          your password) to fill in the login form.
        </p>
        <p>We do not use advertising cookies and we do not let advertisers track you on our site.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal information. We share it only as needed with:</p>
        <ul>
          <li>our payment processor, to create Bitcoin invoices and send payouts;</li>
          <li>the operators of Ultra Panda and VBlink, to create and manage your game accounts;</li>
          <li>our e-mail delivery provider, to send the messages described above;</li>
          <li>authorities, when the law requires it or to protect players from fraud.</li>
        </ul>
        <p>Bitcoin transactions are recorded on a public network; anyone can see a payment to or from an address.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account information while your account is open. Transaction records are kept for as long as tax
        and anti-money-laundering law requires after the account closes, then deleted. Technical records are deleted
        after a short period unless needed to investigate abuse.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <ul>
        <li>Passwords are stored only as strong one-way hashes.</li>
        <li>Game passwords are encrypted at rest and shown only to you.</li>
        <li>Sign-in sessions can be revoked: logging out or changing your password ends them.</li>
        <li>Pages and data travel over encrypted connections.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <ul>
        <li>You can see and correct your name, phone number and e-mail in your profile settings.</li>
        <li>You can ask us for a copy of your information, or to delete it, by writing to {supportEmail}. Records we must keep by law are kept until that duty ends.</li>
        <li>You can close your account at any time through support.</li>
      </ul>
    ),
  },
  {
    id: 'age',
    title: 'Age limit',
    body: (
      <p>
        The site is only for people <strong>21 years of age or older</strong>. We do not knowingly collect information
        from anyone under 21. If you believe someone under 21 has an account, tell us and we will close it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>When we change this policy we update the effective date above and, for significant changes, tell you by e-mail or on the site.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions or requests about your information: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

export default definePage({
  title: 'Privacy Policy',
  description: 'What information we collect, why, who we share it with and the choices you have.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <LegalDoc
      title="Privacy Policy"
      meta={[['Effective', EFFECTIVE], ['Applies to', 'players 21 and older']]}
      lead={`This policy explains what personal information ${site.siteName} collects, how we use it and the choices you have.`}
      sections={sections(site)}
    />
  ),
});
