import { notePageFrom } from '../../islands/_ui/history-format';
import { NOTE_PAGE_SIZE } from '../../islands/NotificationsList';
import { Island } from './island';
import { definePage, type PageContext } from './page';

/** spec §2 Notifications. Page 1 is in the first HTML; new ones arrive over the socket. */
export default definePage({
  title: 'Notifications',
  access: 'private',
  load: async (ctx) => notePageFrom(1, await ctx.api?.(`/notification?limit=${NOTE_PAGE_SIZE}&page=1`)),
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page notes-page" aria-labelledby="notifications-title">
      <h1 id="notifications-title" className="page-title">Notifications</h1>
      <p className="page-lead">Stay updated with your latest gaming activities and rewards</p>
      <Island name="NotificationsList" props={{ initial: (ctx.data as ReturnType<typeof notePageFrom>) ?? null, renderedAt: Date.now() }} />
    </section>
  ),
});
