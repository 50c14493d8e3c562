// The signed-in devices and the security activity of Profile Settings: the devices are kept in English ("Chrome on
// Windows") and said in the page's language.
import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { inLang } from '../../i18n/request-lang';
import { SecuritySection } from './security-section';

const AT = '2026-11-28T15:45:00.000Z';
const sessions = [
  { id: 's1', device: 'Chrome on Windows', ip: '203.0.113.7', createdAt: AT, lastSeenAt: AT, current: true },
  { id: 's2', device: 'Browser on Linux', ip: null, createdAt: AT, lastSeenAt: AT, current: false },
  { id: 's3', device: 'Unknown device', ip: null, createdAt: AT, lastSeenAt: AT, current: false },
];
const events = [{ type: 'LOGIN', at: AT, ip: '203.0.113.7', device: 'Safari on iOS' }];
const html = (lang: 'en' | 'es') => inLang(lang, () => renderToStaticMarkup(<SecuritySection sessions={sessions} events={events} formToken="t" />));

describe('the sessions list names each device in the reader\'s language', () => {
  test('Spanish: "Chrome en Windows", "Navegador en Linux", "Dispositivo desconocido", the activity too', () => {
    const es = html('es');
    for (const said of ['<strong>Chrome en Windows</strong>', '<strong>Navegador en Linux</strong>', '<strong>Dispositivo desconocido</strong>', ' · Safari en iOS'])
      expect(es).toContain(said);
    expect(es).not.toMatch(/ on (Windows|Linux|iOS)|Unknown device|>Browser/);
    // The sign-out button's name says the device too.
    expect(es).toMatch(/aria-label="[^"]*Navegador en Linux/);
  });

  test('English: as kept', () => {
    const en = html('en');
    for (const said of ['<strong>Chrome on Windows</strong>', '<strong>Browser on Linux</strong>', '<strong>Unknown device</strong>', ' · Safari on iOS']) expect(en).toContain(said);
  });
});
