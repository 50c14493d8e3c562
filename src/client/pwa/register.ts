// The page's side of the service worker (src/pwa/sw.ts): registered once the page has loaded, so its own requests
// never compete with the first load; a new version is announced once and takes over on the next navigation.
import { word } from '../../../islands/_client/page-words';
import { toast } from '../../../islands/_client/toast';
import { WORKER_URL } from '../../pwa/sw-rules';

/** The notice's English; the player reads it in the page's language (page-words.ts). */
export const UPDATE_READY = 'An update is ready: it is used from the next page you open.';
/** A page left open asks for a new version this often (a 304 when there is none). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Registration = Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'update' | 'addEventListener'>;
type Container = Pick<ServiceWorkerContainer, 'register' | 'controller'>;

/** Tells the player once, when a new version is installed and waits for the next page. */
export function watchUpdates(reg: Registration, container: Pick<Container, 'controller'>, say: (m: string) => void = (m) => toast(m, { id: 'update-ready', durationMs: 10_000 }), notice: () => string = () => word('updateReady', UPDATE_READY)): () => void {
  let told = false;
  // The first install is no update: nothing controlled the page before it.
  const tell = () => {
    if (told || !reg.waiting || !container.controller) return;
    told = true;
    say(notice());
  };
  tell();
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    w?.addEventListener('statechange', () => void (w.state === 'installed' && tell()));
  });
  const check = setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
  return () => clearInterval(check);
}

export function initServiceWorker(win: Window = window, doc: Document = document): void {
  const container = win.navigator.serviceWorker as Container | undefined;
  if (!container || !win.isSecureContext) return;
  const go = () =>
    container
      .register(WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then((reg) => void watchUpdates(reg, container))
      .catch(() => undefined);
  if (doc.readyState === 'complete') void go();
  else win.addEventListener('load', () => void go(), { once: true });
}
