import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { runCommand } from '../../tests/helpers/cli';

// `npm run sanctions:import -- FILE` (the binary's `coinreel sanctions import FILE`): text or OFAC's SDN advanced XML,
// replaced whole, its date and count printed and recorded.
const SDN = resolve(import.meta.dir, '../../tests/fixtures/sanctions/sdn_advanced.sample.xml');
let app: TestApp;
let dir: string;
beforeAll(async () => {
  app = await makeApp();
  dir = mkdtempSync(join(tmpdir(), 'coinreel-sanctions-'));
});

const listed = async () => (await app.deps.database.client.execute('SELECT address FROM sanctioned_addresses ORDER BY address')).rows.map((r) => String(r.address));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('sanctions import', () => {
  test('OFAC\'s SDN advanced XML: its "Digital Currency Address - XBT" features only, dated by its date of issue; what is no address is skipped and said', () => {
    const r = runCommand(app, 'sanctions-import', [SDN]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('sanctions list replaced: 4 entries, dated 2026-11-20, imported ');
    expect(r.out).toContain('skipped 1 entries that are no Bitcoin address: 1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDq');
    expect(r.err).toContain('read 4 entries from');
    return listed().then((l) => expect(l).toEqual(['12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', '1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']));
  });

  test('a text list replaces the whole list at once (the XML\'s entries are gone), recorded with its date and count', async () => {
    const node = '02' + 'ab'.repeat(32);
    const path = file('list.txt', `# our own list\nBCRT1QHFKNZQ45WXC6CNZKN5WHGN4GHD9PEWRVQQNSHU\n\n${node.toUpperCase()}  # a Lightning node\n3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy\n`);
    const r = runCommand(app, 'sanctions-import', [path, '--date', '2026-11-01']);
    expect([r.code, r.out.split('\n')[0]]).toEqual([0, expect.stringMatching(/^sanctions list replaced: 3 entries, dated 2026-11-01, imported \d{4}-/)]);
    expect(await listed()).toEqual([node, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bcrt1qhfknzq45wxc6cnzkn5whgn4ghd9pewrvqqnshu'].sort());
    const row = (await app.deps.database.client.execute('SELECT source, list_date, count FROM sanctions_list')).rows[0]!;
    expect([row.source, new Date(Number(row.list_date)).toISOString().slice(0, 10), row.count]).toEqual(['list.txt', '2026-11-01', 3]);
  });

  test('a bad file changes nothing: a line that is no address (named), an empty list, XML that is not the SDN file, no file', async () => {
    const before = await listed();
    const bad = runCommand(app, 'sanctions-import', [file('bad.txt', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\nnot-an-address\n')]);
    expect([bad.code, bad.err.trim()]).toEqual([2, expect.stringContaining('not a Bitcoin address or Lightning node id at line 2 ("not-an-address"); nothing was changed')]);
    const empty = runCommand(app, 'sanctions-import', [file('empty.txt', '# nothing\n\n')]);
    expect([empty.code, empty.err]).toEqual([2, expect.stringContaining('holds no address; nothing was changed')]);
    const other = runCommand(app, 'sanctions-import', [file('other.xml', '<?xml version="1.0"?><Sanctions><ReferenceValueSets /></Sanctions>')]);
    expect([other.code, other.err]).toEqual([2, expect.stringContaining('it is not OFAC\'s SDN advanced XML')]);
    const none = runCommand(app, 'sanctions-import', [join(dir, 'missing.txt')]);
    expect([none.code, none.err]).toEqual([2, expect.stringContaining('no such file')]);
    expect(await listed()).toEqual(before);
  });
});
