// The islands carry only the messages they call, and the signed-in boot script none (needs `bun run build:client`).
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { directMessages } from './message-imports';

const root = resolve(import.meta.dir, '..');
const FILE = join(root, 'islands/Example.tsx');

describe('the rewrite of an island\'s messages', () => {
  test('each message it calls is imported from its own module and called by name; a local `m` keeps its properties', () => {
    const source = [
      "import { m } from '../src/i18n/paraglide/messages.js';",
      'const label = { a: m.islands_copy };',
      "export const f = (list: { id: string }[]) => list.map((m) => m.id).join(m.islands_cancel());",
      'export const g = () => x.m.islands_done();',
    ].join('\n');
    const out = directMessages(source, FILE)!;
    expect(out.split('\n')[0]).toBe("import { islands_cancel } from '../src/i18n/paraglide/messages/islands_cancel.js'; import { islands_copy } from '../src/i18n/paraglide/messages/islands_copy.js';");
    expect(out).toContain('const label = { a: islands_copy };');
    expect(out).toContain('list.map((m) => m.id).join(islands_cancel())');
    // Only the imported `m`: a property `m` of something else is left alone.
    expect(out).toContain('x.m.islands_done()');
    expect(directMessages("import { useState } from 'react';", FILE)).toBeNull();
  });
});

describe('the built islands and boot script', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'public/build/manifest.json'), 'utf8'));
  const islandCode = (name: string) => (manifest.islands[name].imports as string[]).map((u) => readFileSync(join(root, 'public', u), 'utf8')).join('\n');

  test("an island fetches its own words in both languages, not another island's", () => {
    const identity = islandCode('IdentityForm');
    const login = islandCode('LoginForm');
    for (const words of ['Nombre legal completo', 'Full legal name']) {
      expect(identity).toContain(words);
      expect(login).not.toContain(words);
    }
    expect(login).toContain('Recordarme');
    expect(identity).not.toContain('Recordarme');
    // The history's table carries none of the notifications' headings.
    expect(islandCode('TransactionsTable')).not.toContain('Enviaste créditos');
    expect(islandCode('NotificationsList')).toContain('Enviaste créditos');
  });

  test('the boot script of a signed-in page carries no catalogue: its words come from the page', () => {
    const boot = readFileSync(join(root, 'public', manifest.app), 'utf8');
    for (const spanish of ['Recibiste', 'Cerrar', 'Hay una actualización', 'Quedan 5 minutos', 'Tu sesión venció']) expect(boot).not.toContain(spanish);
    expect(boot).toContain('data-page-words');
  });
});
