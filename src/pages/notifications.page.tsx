import { historyPlace, notePageFrom } from '../../islands/_ui/history-format';
import { NOTE_PAGE_SIZE } from '../../islands/NotificationsList';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { m } from '../i18n/paraglide/messages.js';

/** spec §2 Notifications. The asked page is in the first HTML; new ones arrive over the socket. */
export default definePage({
  title: m.pages_notes_title,
  access: 'private',
  // The page the URL asks for (`?page=2`), so the pager's links work without script and a reload keeps the page.
  load: async (ctx) => {
    const { page } = historyPlace(ctx.url.searchParams);
    return notePageFrom(page, await ctx.api?.(`/notification?limit=${NOTE_PAGE_SIZE}&page=${page}`));
  },
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page notes-page" aria-labelledby="notifications-title">
      <h1 id="notifications-title" className="page-title">{m.pages_notes_title()}</h1>
      <p className="page-lead">{m.pages_notes_lead()}</p>
      <Island name="NotificationsList" props={{ initial: (ctx.data as ReturnType<typeof notePageFrom>) ?? null, renderedAt: Date.now() }} />
    </section>
  ),
});
