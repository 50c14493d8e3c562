import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { auditCsv, csvCell, listAudit, writeAudit } from './audit';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
  await writeAudit(app.deps.database.client, { id: 'op-1', email: 'op@example.com', ip: '10.0.0.1' }, { action: 'player.lock', targetType: 'user', targetId: 'u-1', reason: '=HYPERLINK("x")', before: { locked: false }, after: { locked: true } });
});
afterAll(() => app.deps.database.client.close());

test('the audit log cannot be updated or deleted from, even by the application', async () => {
  const db = app.deps.database.client;
  await expect(db.execute("UPDATE audit_log SET reason = 'edited'")).rejects.toThrow(/append-only/);
  await expect(db.execute('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  const r = await listAudit(db, {});
  expect(r.total).toBe(1);
  expect(r.rows[0]!.reason).toBe('=HYPERLINK("x")');
  expect(r.rows[0]!.after).toEqual({ locked: true });
});

test('a CSV cell a spreadsheet would run as a formula starts with a quote', () => {
  expect(csvCell('=1+1')).toBe("'=1+1");
  expect(csvCell('+1')).toBe("'+1");
  expect(csvCell('-1')).toBe("'-1");
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('a,"b"')).toBe('"a,""b"""');
});

test('the CSV carries every column and the quoted reason', async () => {
  const r = await listAudit(app.deps.database.client, {});
  const csv = auditCsv(r.rows);
  expect(csv.split('\r\n')[0]).toBe('time,operator,operator id,action,target type,target,reason,before,after,ip');
  expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
});
