import { describe, expect, test } from 'bun:test';
import { UPDATE_READY, watchUpdates } from './register';

// A registration stand-in: the test installs workers and moves their states as the browser would.
function registration() {
  const listeners: Record<string, (() => void)[]> = {};
  const reg = {
    waiting: null as object | null,
    installing: null as { state: string; addEventListener(t: string, f: () => void): void } | null,
    update: async () => undefined,
    addEventListener: (t: string, f: () => void) => void (listeners[t] ??= []).push(f),
  };
  function install() {
    const ws: (() => void)[] = [];
    const w = { state: 'installing', addEventListener: (_: string, f: () => void) => void ws.push(f) };
    reg.installing = w;
    listeners.updatefound?.forEach((f) => f());
    return {
      installed() {
        w.state = 'installed';
        reg.installing = null;
        reg.waiting = w;
        ws.forEach((f) => f());
      },
    };
  }
  return { reg, install };
}

describe('a new version of the worker', () => {
  test('installed while the page is open: the player is told once that an update is ready', () => {
    const { reg, install } = registration();
    const said: string[] = [];
    const stop = watchUpdates(reg as never, { controller: {} as ServiceWorker }, (m) => said.push(m));
    expect(said).toEqual([]);
    install().installed();
    expect(said).toEqual([UPDATE_READY]);
    install().installed();
    expect(said).toEqual([UPDATE_READY]);
    stop();
  });

  test('already waiting when the page opens: told at once, once', () => {
    const { reg } = registration();
    reg.waiting = {};
    const said: string[] = [];
    watchUpdates(reg as never, { controller: {} as ServiceWorker }, (m) => said.push(m))();
    expect(said).toEqual([UPDATE_READY]);
  });

  test('the first install is no update: nothing controlled the page before, nothing is said', () => {
    const { reg, install } = registration();
    const said: string[] = [];
    const stop = watchUpdates(reg as never, { controller: null }, (m) => said.push(m));
    install().installed();
    expect(said).toEqual([]);
    stop();
  });
});
