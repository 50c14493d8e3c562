// The page's live state in plain code, shared by every script bundle on the page. A signed-in page boots without
// React (src/client/app.ts): its socket, the header's balance and the payment news live here, and an island that
// wakes later reads and writes the same values (islands/_client/signals.ts mirrors them into signals). Each bundle
// carries its own copy of this module, so the one store lives on `globalThis` under a registered symbol.

export type Store<T> = {
  get(): T;
  /** Sets the value; listeners hear it only when it changed. */
  set(value: T): void;
  /** Listens for changes; returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
};

function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) {
        try {
          l(value);
        } catch {
          // One listener failing must not stop the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page-wide instance named `key`, made on first use by whichever bundle runs first. */
export function pageWide<T>(key: string, make: () => T): T {
  const g = globalThis as unknown as Record<symbol, T | undefined>;
  const k = Symbol.for(`coinreel.${key}`);
  return (g[k] ??= make());
}

/** The available balance in cents; null until the page knows it. */
export const walletStore: Store<number | null> = pageWide('wallet', () => createStore<number | null>(null));

/** Deposit payment news (spec §4), in cents: a payment seen and waiting, or one settled. */
export type PaymentNews = { processingCents: number | null; settledCents: number | null };
export const paymentStore: Store<PaymentNews> = pageWide('payment', () => createStore<PaymentNews>({ processingCents: null, settledCents: null }));
