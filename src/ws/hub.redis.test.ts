import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openRedis } from '../lib/redis';
import { redisServerPath, startRedis, type RedisServer } from '../../tests/helpers/redis';
import { createRedisHub } from './hub.redis';
import type { Hub, PushMessage, SessionsEnded } from './hub.port';

describe.skipIf(!redisServerPath)('redis hub', () => {
  let server: RedisServer;
  const hubs: Hub[] = [];
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    await server?.stop();
  });
  const hub = async () => {
    const { main, subscriber } = await openRedis(server.url);
    const h = createRedisHub(main, subscriber);
    hubs.push(h);
    return h;
  };
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await Bun.sleep(10);
  };

  test("a push published on one instance reaches the player's listeners on every instance, and only that player's", async () => {
    const [a, b] = [await hub(), await hub()];
    const heardA: PushMessage[] = [];
    const heardB: PushMessage[] = [];
    const other: PushMessage[] = [];
    a.subscribe('p1', (m) => heardA.push(m));
    b.subscribe('p1', (m) => heardB.push(m));
    b.subscribe('p2', (m) => other.push(m));
    await Promise.all([a.joined!('p1'), b.joined!('p1'), b.joined!('p2')]);
    b.publish('p1', { event: 'amount', data: { walletAmount: 12.5 } });
    await until(() => heardA.length > 0 && heardB.length > 0);
    expect(heardA).toEqual([{ event: 'amount', data: { walletAmount: 12.5 } }]);
    expect(heardB).toEqual(heardA);
    expect(other).toEqual([]);
  });

  test('a listener that left hears nothing more; one who joins again hears once, not twice', async () => {
    const [a, b] = [await hub(), await hub()];
    const heard: string[] = [];
    const off = a.subscribe('p3', (m) => heard.push(`first:${m.event}`));
    await a.joined!('p3');
    off();
    a.subscribe('p3', (m) => heard.push(`again:${m.event}`));
    await a.joined!('p3');
    b.publish('p3', { event: 'one', data: {} });
    b.publish('p3', { event: 'two', data: {} });
    await until(() => heard.length >= 2);
    await Bun.sleep(50);
    expect(heard).toEqual(['again:one', 'again:two']);
  });

  test('an ended session published on one instance is heard on every instance, its own included, once each', async () => {
    const [a, b] = [await hub(), await hub()];
    const heardA: SessionsEnded[] = [];
    const heardB: SessionsEnded[] = [];
    a.onSessionsEnded((e) => heardA.push(e));
    const stopB = b.onSessionsEnded((e) => heardB.push(e));
    await Promise.all([a.sessionsHeard!(), b.sessionsHeard!()]);
    b.endSessions({ userId: 'p5', sessionIds: ['s1'] });
    await until(() => heardA.length > 0 && heardB.length > 0);
    expect(heardA).toEqual([{ userId: 'p5', sessionIds: ['s1'] }]);
    expect(heardB).toEqual(heardA);
    stopB();
    a.endSessions({ userId: 'p5', except: 's2' });
    await until(() => heardA.length > 1);
    await Bun.sleep(50);
    expect(heardA[1]).toEqual({ userId: 'p5', except: 's2' });
    expect(heardB).toHaveLength(1);
  });

  test('after Redis restarts, both instances reconnect by themselves and the player hears each push once', async () => {
    const [a, b] = [await hub(), await hub()];
    const heard: string[] = [];
    a.subscribe('p4', (m) => heard.push(m.event));
    await a.joined!('p4');
    await server.restart();
    // Until both connections are back, pushes are dropped (the pages poll meanwhile); then they arrive again.
    for (let i = 0; !heard.includes('probe') && i < 300; i++) {
      b.publish('p4', { event: 'probe', data: {} });
      await Bun.sleep(100);
    }
    expect(heard).toContain('probe');
    await Bun.sleep(300);
    heard.length = 0;
    b.publish('p4', { event: 'after', data: {} });
    await until(() => heard.length > 0);
    await Bun.sleep(100);
    expect(heard).toEqual(['after']);
  });
});
