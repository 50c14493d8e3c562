import { m } from '../../i18n/paraglide/messages.js';
import { Rich } from '../../i18n/rich';

/** The deposit guide on /support that every deposit help link points at (#how-to-deposit). */
export function HowToDeposit({ supportEmail }: { supportEmail: string }) {
  return (
    <section className="page-section prose how-to-deposit" id="how-to-deposit" aria-labelledby="how-to-deposit-title">
      <h2 id="how-to-deposit-title">{m.visitor_deposit_title()}</h2>
      <ol>
        <li><Rich text={m.visitor_deposit_step_1()} /></li>
        <li><Rich text={m.visitor_deposit_step_2()} /></li>
        <li>{m.visitor_deposit_step_3()}</li>
      </ol>
      <h3 id="how-to-deposit-with-cashapp">{m.visitor_deposit_cashapp()}</h3>
      <p><Rich text={m.visitor_deposit_cashapp_text()} /></p>
      <h3>{m.visitor_deposit_other()}</h3>
      <p><Rich text={m.visitor_deposit_other_text()} /></p>
      <h3>{m.visitor_deposit_late()}</h3>
      <ul>
        <li>{m.visitor_deposit_late_1()}</li>
        <li>{m.visitor_deposit_late_2()}</li>
        <li>{m.visitor_deposit_late_3()}</li>
        <li>{m.visitor_deposit_late_4()}</li>
      </ul>
      <h3>{m.visitor_deposit_wrong()}</h3>
      <p>
        <Rich text={m.visitor_deposit_wrong_text({ email: supportEmail })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>]} />
      </p>
    </section>
  );
}
