import { signal } from '@preact/signals-react';
import { paymentStore, walletStore } from './live-state';

/**
 * Shared client state (DESIGN §6): every island that shows the balance reads this one signal. The page's live
 * values are kept without React (live-state.ts, fed by the socket before any island wakes): each signal starts
 * from its store and follows it, and the balance flows back, so a money action in an island reaches the header.
 */
export const walletCents = signal<number | null>(walletStore.get());
walletStore.subscribe((v) => void (walletCents.value = v));
walletCents.subscribe((v) => walletStore.set(v));

/** Deposit payment events (spec §4): amounts in cents, null when not set. */
export const paymentProcessingCents = signal<number | null>(paymentStore.get().processingCents);
export const paymentSettledCents = signal<number | null>(paymentStore.get().settledCents);
paymentStore.subscribe((p) => {
  paymentProcessingCents.value = p.processingCents;
  paymentSettledCents.value = p.settledCents;
});
