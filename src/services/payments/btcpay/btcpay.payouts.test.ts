import { describe, expect, test } from 'bun:test';
import { useBtcpay } from '../../../../tests/helpers/btcpay';
import { startBtcpayDouble } from '../../../../tests/doubles/btcpay';
import { PaymentsError } from '../payments.port';
import { createBtcpayProvider } from './btcpay.provider';

const t = useBtcpay();
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const withdraw = (over: Partial<Parameters<typeof t.provider.createPayout>[0]> = {}) =>
  t.provider.createPayout({ withdrawalId: 'wd_1', destination: ADDRESS, payoutMethodId: 'BTC-CHAIN', amountBtc: '0.00200000', approved: false, ...over });

describe('BTCPay adapter: payouts', () => {
  test('createPayout sends destination, method, BTC amount, approval and the withdrawal id', async () => {
    const before = Date.now();
    const p = await withdraw();
    const stored = t.double.payout(p.id);
    expect(stored).toMatchObject({ destination: ADDRESS, payoutMethodId: 'BTC-CHAIN', originalAmount: '0.00200000', state: 'AwaitingApproval' });
    expect(stored.metadata.withdrawalId).toBe('wd_1');
    expect(p).toEqual({
      id: stored.id,
      revision: 0,
      destination: ADDRESS,
      payoutMethodId: 'BTC-CHAIN',
      originalAmount: '0.00200000',
      originalCurrency: 'BTC',
      payoutAmount: null,
      payoutCurrency: 'BTC',
      state: 'AwaitingApproval',
      paymentProof: null,
      withdrawalId: 'wd_1',
      createdAt: stored.date * 1000,
    });
    expect(p.createdAt).toBeGreaterThan(before - 1500);
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/stores/${t.double.storeId}/payouts`, status: 200 });
  });

  test('approved at creation: AwaitingPayment with the payout amount fixed', async () => {
    const p = await withdraw({ approved: true });
    expect(p).toMatchObject({ state: 'AwaitingPayment', payoutAmount: '0.00200000', payoutCurrency: 'BTC' });
  });

  test('a BOLT11 with an amount needs no amount', async () => {
    const bolt11 = 'lnbcrt15000n1pjexampleqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5';
    const p = await withdraw({ payoutMethodId: 'BTC-LN', destination: bolt11, amountBtc: undefined });
    expect(p).toMatchObject({ payoutMethodId: 'BTC-LN', originalAmount: '0.00001500', destination: bolt11 });
  });

  test('a BOLT11 with an amount and no payout amount is paid its own amount, as BTCPay does', async () => {
    const bolt11 = 'lnbcrt15000n1pjexampleqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5';
    const p = await withdraw({ payoutMethodId: 'BTC-LN', destination: bolt11, amountBtc: undefined, approved: true });
    t.double.completePayout(p.id);
    expect(await t.provider.getPayout(p.id)).toMatchObject({ state: 'Completed', payoutAmount: '0.00001500' });
  });

  test('an explicit amount equal to the BOLT11 amount is paid; one that differs is taken, then cancelled by the processor', async () => {
    const bolt11 = (sats: number) => `lnbcrt${sats * 10}n1pjexampleqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp${sats}`;
    const same = await withdraw({ payoutMethodId: 'BTC-LN', destination: bolt11(1500), amountBtc: '0.00001500', approved: true });
    t.double.completePayout(same.id);
    expect((await t.provider.getPayout(same.id))!.state).toBe('Completed');
    const differs = await withdraw({ payoutMethodId: 'BTC-LN', destination: bolt11(1600), amountBtc: '0.00001500', approved: true });
    expect(differs).toMatchObject({ state: 'AwaitingPayment', payoutAmount: '0.00001500' });
    t.double.completePayout(differs.id);
    expect((await t.provider.getPayout(differs.id))!.state).toBe('Cancelled');
  });

  test('neither a payout amount nor an amount in the destination: 422 on amount', async () => {
    const e = await withdraw({ payoutMethodId: 'BTC-LN', destination: 'alice@wallet.example.com', amountBtc: undefined }).catch((x) => x);
    expect(e).toBeInstanceOf(PaymentsError);
    expect(e).toMatchObject({ kind: 'refused', code: 'validation', status: 422 });
  });

  test('getPayout maps state and proof as the payout goes on; null for an unknown id', async () => {
    const p = await withdraw({ approved: true });
    t.double.payoutInProgress(p.id);
    expect((await t.provider.getPayout(p.id))!.state).toBe('InProgress');
    t.double.completePayout(p.id, { proofType: 'PayoutTransactionOnChainBlob', id: 'ab'.repeat(32), link: 'https://example.org/tx' });
    const done = (await t.provider.getPayout(p.id))!;
    expect(done).toMatchObject({ state: 'Completed', paymentProof: { proofType: 'PayoutTransactionOnChainBlob', id: 'ab'.repeat(32), link: 'https://example.org/tx' } });
    expect(t.double.requests.at(-1)!.path).toBe(`/api/v1/stores/${t.double.storeId}/payouts/${p.id}`);
    expect(await t.provider.getPayout('NoSuchPayout')).toBeNull();
  });

  test('approvePayout sends the revision it was given: the current one approves, an old one is refused', async () => {
    const p = await withdraw();
    const stale = await failure(t.provider.approvePayout(p.id, p.revision + 1));
    expect(stale).toMatchObject({ kind: 'refused', code: 'old-revision', status: 400 });
    const approved = await t.provider.approvePayout(p.id, p.revision);
    expect(approved).toMatchObject({ id: p.id, state: 'AwaitingPayment', payoutAmount: '0.00200000' });
    expect(t.double.payout(p.id).state).toBe('AwaitingPayment');
    expect(await failure(t.provider.approvePayout(p.id, p.revision))).toMatchObject({ kind: 'refused', code: 'invalid-state' });
    expect(await failure(t.provider.approvePayout('NoSuchPayout', 0))).toMatchObject({ kind: 'not-found', code: 'payout-not-found' });
  });

  test('cancelPayout cancels; a payout being sent cannot be, and an unknown one is not-found', async () => {
    const p = await withdraw();
    await t.provider.cancelPayout(p.id);
    expect(t.double.payout(p.id).state).toBe('Cancelled');
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/stores/${t.double.storeId}/payouts/${p.id}`, status: 200 });
    const sending = await withdraw({ approved: true, withdrawalId: 'wd_2' });
    t.double.payoutInProgress(sending.id);
    expect(await failure(t.provider.cancelPayout(sending.id))).toMatchObject({ kind: 'refused', code: 'invalid-state' });
    expect(await failure(t.provider.cancelPayout('NoSuchPayout'))).toMatchObject({ kind: 'not-found', status: 404 });
  });

  test('findPayoutsByWithdrawalId includes cancelled payouts and only that withdrawal’s', async () => {
    const first = await withdraw();
    await t.provider.cancelPayout(first.id);
    const second = await withdraw({ destination: 'bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    await withdraw({ withdrawalId: 'wd_other', destination: 'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l' });
    const found = await t.provider.findPayoutsByWithdrawalId('wd_1');
    expect(found.map((p) => [p.id, p.state]).sort()).toEqual([[first.id, 'Cancelled'], [second.id, 'AwaitingApproval']].sort());
    expect(t.double.requests.at(-1)!.path).toBe(`/api/v1/stores/${t.double.storeId}/payouts?includeCancelled=true`);
    expect(await t.provider.findPayoutsByWithdrawalId('wd_none')).toEqual([]);
  });

  test('duplicate-destination and overdraft are refused with BTCPay’s code', async () => {
    await withdraw();
    expect(await failure(withdraw({ withdrawalId: 'wd_2' }))).toMatchObject({ kind: 'refused', code: 'duplicate-destination', status: 400 });
    t.double.failNextPayout('overdraft');
    expect(await failure(withdraw({ withdrawalId: 'wd_3', destination: 'bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }))).toMatchObject({ kind: 'refused', code: 'overdraft' });
    t.double.failNextPayout('duplicate-destination');
    expect(await failure(withdraw({ withdrawalId: 'wd_4', destination: 'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l' }))).toMatchObject({ kind: 'refused', code: 'duplicate-destination' });
  });

  test('`date` sent as a string (as the contract documents it) reads the same', async () => {
    const double = await startBtcpayDouble({ payoutDateAsString: true });
    try {
      const provider = createBtcpayProvider({ url: double.url, apiKey: double.apiKey, storeId: double.storeId, webhookSecret: 'x' });
      const p = await provider.createPayout({ withdrawalId: 'wd_1', destination: ADDRESS, payoutMethodId: 'BTC-CHAIN', amountBtc: '0.001', approved: true });
      expect(p.createdAt).toBe(double.payout(p.id).date * 1000);
      expect(double.violations).toEqual([]);
    } finally {
      await double.close();
    }
  });
});

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof PaymentsError ? e : Promise.reject(e)));
