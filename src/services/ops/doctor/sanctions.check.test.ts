import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../../../tests/helpers/app';
import { replaceList } from '../../compliance/sanctions';
import { checkSanctions } from './sanctions.check';

// doctor's word on the sanctions list: in production a problem when it is missing or older than 30 days.
const DAY = 86_400_000;
const NOW = Date.UTC(2030, 5, 15, 12);
let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
const check = (isProduction: boolean, now = NOW) => checkSanctions({ isProduction }, app.deps.database.client, now);

describe('doctor: sanctions list', () => {
  test('none loaded: a problem in production with the command that fixes it; elsewhere only noted', async () => {
    const r = await check(true);
    expect(r.status).toBe('problem');
    expect(r.problems[0]!.problem).toBe('No sanctions list is loaded: withdrawals are not screened against sanctioned addresses.');
    expect(r.problems[0]!.fix).toContain('coinreel sanctions import FILE');
    expect(await check(false)).toMatchObject({ status: 'skipped', detail: 'none loaded; production needs a current one' });
  });

  test('30 days old is current; 31 days is a problem in production', async () => {
    await replaceList(app.deps.database.client, ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], 'sdn_advanced.xml', NOW - 30 * DAY, NOW);
    expect(await check(true)).toMatchObject({ status: 'ok', detail: '1 entries from sdn_advanced.xml, dated 2030-05-16, 30 days old' });
    const old = await check(true, NOW + DAY);
    expect(old.status).toBe('problem');
    expect(old.problems[0]!.problem).toBe('The sanctions list is 31 days old (dated 2030-05-16): load a current one.');
    expect((await check(false, NOW + DAY)).status).toBe('skipped');
  });
});
