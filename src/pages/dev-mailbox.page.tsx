import type { StoredMail } from '../services/mail/mail.port';
import { mailboxOf } from '../services/mail/mailbox';
import { definePage, type PageContext } from './page';
import { m as t } from '../i18n/paraglide/messages.js';

type Data = { messages: StoredMail[] | null };

// Links as the text part shows them; the HTML part carries the same ones.
const LINK = /https?:\/\/[^\s<>"')]+/g;

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function Message({ m }: { m: StoredMail }) {
  const links = [...new Set(m.text.match(LINK) ?? [])];
  return (
    <li className="mailbox-item">
      <article aria-labelledby={`mail-${m.id}`}>
        <h2 id={`mail-${m.id}`}>{m.subject}</h2>
        <p>
          {t.pages_mailbox_to()} <strong data-mail-to>{m.to}</strong> · <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
        </p>
        {links.length > 0 && (
          <ul className="mailbox-links">
            {links.map((href) => (
              <li key={href}>
                <a href={href}>{href}</a>
              </li>
            ))}
          </ul>
        )}
        <details>
          <summary>{t.pages_mailbox_text()}</summary>
          <pre className="mailbox-text">{m.text}</pre>
        </details>
      </article>
    </li>
  );
}

/**
 * Development only: the outbox's messages, newest first, with their links clickable, so a newcomer can
 * verify an account with nothing installed. In production the path behaves like any unknown one.
 */
export default definePage({
  title: t.pages_mailbox_title,
  access: 'open',
  async load(ctx: PageContext): Promise<Data> {
    // Outside production, and then only for a client on this machine (or a public demo): to anyone else it is
    // an unknown path like any other, so nothing says it exists.
    if (!ctx.site.devMailbox || !ctx.sandboxControls) throw new Response(null, { status: 302, headers: { location: '/' } });
    const box = mailboxOf(ctx.site);
    return { messages: box ? await box.list(100) : null };
  },
  render(ctx) {
    const { messages } = ctx.data as Data;
    return (
      <section className="page-section mailbox">
        <h1>{t.pages_mailbox_title()}</h1>
        {messages === null ? (
          <p>{t.pages_mailbox_smtp()}</p>
        ) : messages.length === 0 ? (
          <p>{t.pages_mailbox_empty()}</p>
        ) : (
          <>
            <p>{t.pages_mailbox_lead()}</p>
            <ul className="mailbox-list">
              {messages.map((m) => (
                <Message key={m.id} m={m} />
              ))}
            </ul>
          </>
        )}
      </section>
    );
  },
});
