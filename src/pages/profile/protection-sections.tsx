import type { PageContext } from '../page';
import type { ProtectionData } from './protection-data';
import { ResponsibleGamingSection } from './responsible-gaming-section';
import { SecuritySection } from './security-section';

/** The profile page's player-protection sections: responsible gaming, then signed-in devices and activity. */
export function ProtectionSections({ ctx, data }: { ctx: PageContext; data: ProtectionData }) {
  return (
    <div className="profile-grid">
      <ResponsibleGamingSection data={data.limits} form={ctx.form} formToken={ctx.formToken} flash={ctx.flash} />
      <SecuritySection sessions={data.sessions} events={data.events} form={ctx.form} formToken={ctx.formToken} flash={ctx.flash} />
    </div>
  );
}
