import { beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo } from '../tests/helpers/islands';
import { fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { checkSnapshot } from '../src/shared/solvency/check';
import { readNonce } from '../src/shared/solvency/scheme';
import { readSnapshot } from '../src/shared/solvency/snapshot-reader';
import SolvencyCheck, { optionText, type SnapshotChoice } from './SolvencyCheck';

const { render, screen, fireEvent, cleanup } = await islandDom('http://localhost:3000/solvency');
let app: TestApp;
let player: TestPlayer;
let nonce: string;
let choice: SnapshotChoice;

beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
  await fund(app, player.userId, 42_10);
  for (let i = 0; i < 12; i++) await fund(app, (await createPlayer(app)).userId, 1000 * i + 1);
  const s = await app.deps.solvency.publish();
  nonce = (await app.deps.solvency.forPlayer(player.userId))!.accountNonce;
  choice = { id: s.id, createdAt: new Date(s.createdAt).toISOString(), url: `/solvency/${s.id}.json`, totalCents: s.rootCents };
});

async function check(props: { nonce: string | null; typed?: string; snapshots?: SnapshotChoice[] }) {
  cleanup();
  render(<SolvencyCheck snapshots={props.snapshots ?? [choice]} selected={null} nonce={props.nonce} />);
  if (props.typed !== undefined) fireEvent.change(screen.getByLabelText('Your account nonce'), { target: { value: props.typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Check my balance' }));
  return screen.findByRole('alert', {}, { timeout: 10_000 });
}

describe('SolvencyCheck', () => {
  test("a signed-in player's nonce is filled in; the public file is fetched and the balance found in the total", async () => {
    const server = routeFetchTo(app);
    const alert = await check({ nonce });
    const total = (choice.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(alert.textContent).toContain(`Your $42.10 on `);
    expect(alert.textContent).toContain(`is included in the total of $${total}.`);
    expect(alert.textContent).toContain('Web Crypto confirmed your leaves.');
    expect(alert.querySelectorAll('li').length).toBeGreaterThanOrEqual(2);
    // Only the public file was asked for: the nonce went nowhere.
    expect(server.sent).toEqual([{ method: 'GET', path: choice.url, body: undefined }]);
  });

  test('a nonce that is not in it: the failed step is named', async () => {
    routeFetchTo(app);
    const alert = await check({ nonce, typed: 'ab'.repeat(32) });
    expect(alert.textContent).toContain('The check failed at step “finding your leaves”.');
    expect(alert.textContent).toContain('No leaf of this snapshot was made with this nonce');
  });

  test('a nonce typed wrong is refused before anything is downloaded', async () => {
    const server = routeFetchTo(app);
    const alert = await check({ nonce: null, typed: 'not a nonce' });
    expect(alert.textContent).toContain('The check failed at step “your account nonce”.');
    expect(server.sent).toEqual([]);
  });

  test('a file that is not there, or not what was published: the step says which', async () => {
    routeFetchTo(app);
    let alert = await check({ nonce, snapshots: [{ ...choice, url: '/solvency/gone.json' }] });
    expect(alert.textContent).toContain('The check failed at step “downloading the snapshot”.');
    expect(alert.textContent).toContain('the server answered 404');
    // Someone's leaf worth a cent more than its digest says: the tree no longer gives the root.
    const real = await (await app.handle(new Request(`http://localhost:3000${choice.url}`))).text();
    const o = JSON.parse(real);
    const found = await checkSnapshot(readSnapshot(real), readNonce(nonce)!);
    const mine = found.ok ? found.leaves.map((l) => l.position) : [];
    const other = o.leaves.findIndex((_: unknown, j: number) => !mine.includes(j));
    o.leaves[other][1] += 1;
    globalThis.fetch = (async () => new Response(JSON.stringify(o), { status: 200 })) as unknown as typeof fetch;
    alert = await check({ nonce });
    expect(alert.textContent).toContain('The check failed at step “rebuilding the tree”.');
    expect(alert.textContent).toContain('The leaves do not rebuild the published root');
    globalThis.fetch = (async () => new Response('{"version":"other"}', { status: 200 })) as unknown as typeof fetch;
    alert = await check({ nonce });
    expect(alert.textContent).toContain('The check failed at step “reading the snapshot file”.');
  });

  test('before its script runs the button is ready for a first tap; only a browser without script is told the check needs it', () => {
    const html = renderToString(<SolvencyCheck snapshots={[choice]} selected={choice.id} nonce={nonce} />);
    // A tap before React arrives is held by the page's boot script and given to the island (islands/_client/wake.ts).
    expect(html).toMatch(/<form[^>]* data-wait-for-island=""/);
    expect(html).not.toContain('disabled=""');
    expect(html).toMatch(/<noscript><p class="field-hint">The check runs in your browser and needs JavaScript\./);
    expect(html).toContain(`value="${nonce}"`);
    expect(html).toContain(`total $`);
  });

  test('two snapshots taken in the same minute are told apart by their files; others by their time alone', () => {
    const at = (iso: string, id: string, totalCents = 5_00): SnapshotChoice => ({ id, createdAt: iso, url: `/solvency/${id}.json`, totalCents });
    const list = [at('2026-11-28T10:15:42.000Z', '2026-11-28T10-15Z-2'), at('2026-11-28T10:15:03.000Z', '2026-11-28T10-15Z'), at('2026-11-27T10:15:03.000Z', '2026-11-27T10-15Z')];
    expect(list.map((s) => optionText(s, list))).toEqual([
      '28 Nov 2026, 10:15 UTC: total $5.00 (2026-11-28T10-15Z-2.json)',
      '28 Nov 2026, 10:15 UTC: total $5.00 (2026-11-28T10-15Z.json)',
      '27 Nov 2026, 10:15 UTC: total $5.00',
    ]);
    cleanup();
    render(<SolvencyCheck snapshots={list} selected={null} nonce={null} />);
    const options = [...document.querySelectorAll('option')].map((o) => o.textContent);
    expect(new Set(options).size).toBe(3);
  });
});
