// In the browser, an island speaks its page's language: the server wrote it on <html lang>. Imported once by the
// islands' mount (islands/_client/mount.ts) before any island renders.
import { overwriteGetLocale } from './paraglide/runtime.js';

overwriteGetLocale(() => (document.documentElement.lang === 'es' ? 'es' : 'en'));
