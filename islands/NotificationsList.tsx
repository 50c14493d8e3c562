import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { api } from './_client/api';
import { subscribePush } from './_client/socket';
import { useHydrated } from './_client/use-hydrated';
import { historyPlace, noteLink, notePageFrom, type Note, type NotePage } from './_ui/history-format';
import { notificationContent, notificationType, relativeAge } from './_ui/note-words';

export const NOTE_PAGE_SIZE = 10;
/** The English of a failed load with no word from the server; the list says it in its page's language. */
export const NOTES_FAILED = 'Failed to load notifications';
/** What a notice's link says, by the notice's type. */
const NOTE_LINK_TEXT: Record<string, () => string> = { PROOF_OF_LIABILITIES: m.islands_notes_link_proof };

/** `renderedAt` is the server's clock at render, so hydration computes the same ages the HTML shows. */
export type NotificationsListProps = { initial: NotePage | null; renderedAt: number };

type View = { status: 'loading' } | { status: 'ready'; data: NotePage } | { status: 'failed'; message: string };

const pagesFor = (total: number) => Math.max(1, Math.ceil(total / NOTE_PAGE_SIZE));

/** spec §2 Notifications: the player's notifications, newest first, with live arrivals on the first page. */
export default function NotificationsList({ initial, renderedAt }: NotificationsListProps) {
  const [view, setView] = useState<View>(initial ? { status: 'ready', data: initial } : { status: 'loading' });
  const hydrated = useHydrated();
  const [now, setNow] = useState(renderedAt);
  const inFlight = useRef<AbortController | null>(null);
  const top = useRef<HTMLDivElement>(null);
  // After a page change the pager's button is gone: focus the new page's list, at the top where we scrolled.
  const focusList = useRef(false);

  useEffect(() => {
    if (view.status !== 'loading' && focusList.current) {
      focusList.current = false;
      top.current?.focus({ preventScroll: true });
    }
  }, [view]);

  async function load(page: number) {
    inFlight.current?.abort();
    const ctl = new AbortController();
    inFlight.current = ctl;
    setView({ status: 'loading' });
    try {
      const r = await api(`/notification?limit=${NOTE_PAGE_SIZE}&page=${page}`, { signal: ctl.signal, quiet: true });
      if (ctl.signal.aborted) return;
      const data = r.success ? notePageFrom(page, r) : null;
      setView(data ? { status: 'ready', data } : { status: 'failed', message: r.message || m.islands_notes_failed() });
    } catch {
      if (!ctl.signal.aborted) setView({ status: 'failed', message: m.islands_notes_failed() });
    }
  }

  useEffect(() => {
    if (!initial) void load(historyPlace(location.search).page);
    // Back and Forward: the URL says which page to show again.
    const onPop = () => void load(historyPlace(location.search).page);
    addEventListener('popstate', onPop);
    setNow(Date.now());
    // Ages move on while the page stays open.
    const tick = setInterval(() => setNow(Date.now()), 60_000);
    const off = subscribePush('notification', (data) => {
      const note = data as Note;
      if (!note || typeof note._id !== 'string') return;
      setView((v) => (v.status === 'ready' ? { status: 'ready', data: arrived(v.data, note) } : v));
    });
    return () => {
      removeEventListener('popstate', onPop);
      clearInterval(tick);
      off();
      inFlight.current?.abort();
    };
  }, []);

  /** Shows a page in place and records it in the URL, so reload and Back keep it (the links work without script). */
  function go(page: number) {
    if (view.status !== 'ready' || page < 1 || page > view.data.totalPages) return;
    const href = notesHref(page);
    if (location.pathname + location.search !== href) history.pushState({ page }, '', href);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    focusList.current = true;
    void load(page);
  }

  return (
    <div ref={top} tabIndex={-1} className="notes">
      <NotesView view={view} at={hydrated ? now : renderedAt} go={go} />
    </div>
  );
}

function NotesView({ view, at, go }: { view: View; at: number; go: (page: number) => void }) {
  if (view.status === 'loading')
    return (
      <div className="notes-state" role="status">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p>{m.islands_notes_loading()}</p>
      </div>
    );
  if (view.status === 'failed') return <p className="alert alert-error" role="alert">{view.message}</p>;
  const { data } = view;
  return (
    <>
      {data.items.length === 0 ? (
        <p className="empty-state notes-empty">{m.islands_notes_empty()}</p>
      ) : (
        <ul className="notes-list" aria-live="polite">
          {data.items.map((n) => (
            <li key={n._id} className="note card">
              <div className="note-head">
                <h2 className="note-type">{notificationType(n.notificationType)}</h2>
                <time className="note-age" dateTime={n.createdAt}>{relativeAge(n.createdAt, at)}</time>
              </div>
              <p className="note-content">{notificationContent(n.notificationContent)}</p>
              {noteLink(n.link) && <p className="note-link"><a href={noteLink(n.link)!}>{(Object.hasOwn(NOTE_LINK_TEXT, n.notificationType ?? '') ? NOTE_LINK_TEXT[n.notificationType!]! : m.islands_notes_link_open)()}</a></p>}
            </li>
          ))}
        </ul>
      )}
      {data.totalPages > 1 && (
        <nav className="notes-pager" aria-label={m.islands_notes_pages()}>
          <PageLink to={data.page - 1} off={data.page <= 1} go={go}>{m.islands_previous()}</PageLink>
          <span aria-current="page">{m.islands_page_of({ page: data.page, total: data.totalPages })}</span>
          <PageLink to={data.page + 1} off={data.page >= data.totalPages} go={go}>{m.islands_next()}</PageLink>
        </nav>
      )}
    </>
  );
}

/** The URL of a page of notifications: page 1 is the bare path. */
export const notesHref = (page: number) => (page > 1 ? `/notifications?page=${page}` : '/notifications');

/** A pager link: a real link to the page (it works before and without script), loaded in place once hydrated. */
function PageLink({ to, off, go, children }: { to: number; off: boolean; go: (page: number) => void; children: string }) {
  if (off) return <span className="btn btn-ghost btn-sm" aria-disabled="true">{children}</span>;
  const click = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(to);
  };
  return <a className="btn btn-ghost btn-sm" href={notesHref(to)} onClick={click}>{children}</a>;
}

/** A pushed notification: shown at the top of page 1 (once), and counted on every page. */
function arrived(d: NotePage, note: Note): NotePage {
  if (d.items.some((n) => n._id === note._id)) return d;
  const total = d.total + 1;
  const items = d.page === 1 ? [note, ...d.items].slice(0, NOTE_PAGE_SIZE) : d.items;
  return { ...d, items, total, totalPages: pagesFor(total) };
}
