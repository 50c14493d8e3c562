import { definePage, type SiteInfo } from './page';
import { ExternalLink } from './sections/external-link';
import { LegalDoc, type DocSection } from './sections/legal-doc';

// Limits and self-exclusion are applied by the support team on request, so every path leads to the support address.
const sections = ({ siteName, supportEmail }: SiteInfo): DocSection[] => [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <p>
        Games should be entertainment, never a way to make money or escape problems. {siteName} is only for adults 21
        and older, and we give every player simple ways to stay in control. Using them is never held against you.
      </p>
    ),
  },
  {
    id: 'tips',
    title: 'Keep it fun',
    body: (
      <ul>
        <li>Decide how much you will spend before you start, and treat it as the cost of entertainment.</li>
        <li>Set a time limit and take regular breaks.</li>
        <li>Never chase losses by depositing more to win back what you lost.</li>
        <li>Do not play when you are upset, tired, or after drinking.</li>
        <li>Never borrow money or use money meant for bills to play.</li>
        <li>Balance play with other activities, friends and family.</li>
      </ul>
    ),
  },
  {
    id: 'limits',
    title: 'Set your limits',
    body: (
      <>
        <p>
          Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the e-mail address on your account, with
          your Player ID, and tell us which limit you want:
        </p>
        <ul>
          <li><strong>Deposit limit:</strong> the most you can deposit per day, week or month.</li>
          <li><strong>Time-out:</strong> a break of 24 hours, 7 days or 30 days during which you cannot sign in.</li>
        </ul>
        <p>
          A lower limit or a time-out takes effect as soon as we apply it. A request to raise or remove a limit takes
          effect only after a 7-day cooling-off period.
        </p>
      </>
    ),
  },
  {
    id: 'self-exclusion',
    title: 'Self-exclusion',
    body: (
      <>
        <p>
          If you need a longer break, ask us to exclude you for 6 months, 1 year, or permanently. During self-exclusion:
        </p>
        <ul>
          <li>you cannot sign in, deposit or play, and we will not send you promotions;</li>
          <li>we pay out your withdrawable balance to a Bitcoin address you give us;</li>
          <li>we will not reopen the account before the period ends, even if you ask.</li>
        </ul>
        <p>Consider also asking the operators of the games you play, and any other sites you use, to exclude you.</p>
      </>
    ),
  },
  {
    id: 'signs',
    title: 'Warning signs',
    body: (
      <>
        <p>Gaming may be becoming a problem if you:</p>
        <ul>
          <li>spend more money or time than you meant to, or find it hard to stop;</li>
          <li>hide your play from people close to you, or lie about it;</li>
          <li>play to escape worry, stress or low mood;</li>
          <li>borrow money, sell things or miss payments to keep playing;</li>
          <li>feel restless or irritable when you try to cut down.</li>
        </ul>
        <p>If any of these sound familiar, set a limit or take a break now, and talk to someone.</p>
      </>
    ),
  },
  {
    id: 'help',
    title: 'Where to find help',
    body: (
      <ul>
        <li>
          <strong>National Problem Gambling Helpline:</strong> call or text <a href="tel:18004262537">1-800-GAMBLER</a>{' '}
          (1-800-426-2537), free and confidential, 24 hours a day.
        </li>
        <li>
          <strong>National Council on Problem Gambling:</strong>{' '}
          <ExternalLink href="https://www.ncpgambling.org">ncpgambling.org</ExternalLink> lists local treatment and support.
        </li>
        <li>
          <strong>Gamblers Anonymous:</strong>{' '}
          <ExternalLink href="https://www.gamblersanonymous.org">gamblersanonymous.org</ExternalLink> runs meetings in person and online.
        </li>
        <li>
          <strong>Gam-Anon:</strong> <ExternalLink href="https://www.gam-anon.org">gam-anon.org</ExternalLink> supports
          family and friends of people who gamble.
        </li>
        <li>
          <strong>In a crisis:</strong> call or text <a href="tel:988">988</a>, the Suicide &amp; Crisis Lifeline.
        </li>
      </ul>
    ),
  },
  {
    id: 'minors',
    title: 'Protecting minors',
    body: (
      <p>
        No one under 21 may open an account or play. Keep your sign-in details private, do not leave your device signed
        in where young people can use it, and consider parental-control software on shared devices. If you think someone
        under 21 is using {siteName}, tell us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

export default definePage({
  title: 'Responsible Gaming',
  description: 'Stay in control: spending and time limits, self-exclusion, warning signs and where to find help.',
  access: 'open',
  static: true,
  render: ({ site }) => (
    <LegalDoc
      title="Responsible Gaming"
      meta={[['Age limit', '21+'], ['Help', '1-800-GAMBLER']]}
      lead="Play for fun, within a budget you set in advance. Here is how to stay in control, and where to turn if gaming stops being fun."
      intro={
        <div className="helpline">
          <p>
            <strong>Need to talk to someone now?</strong> The National Problem Gambling Helpline is free, confidential
            and open 24 hours a day.
          </p>
          <a className="btn btn-primary" href="tel:18004262537">Call 1-800-GAMBLER</a>
        </div>
      }
      sections={sections(site)}
    />
  ),
});
