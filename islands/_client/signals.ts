import { signal } from '@preact/signals-react';

/** Shared client state (DESIGN §6): every island that shows the balance reads this one signal. */
export const walletCents = signal<number | null>(null);
/** Deposit payment events (spec §4): amounts in cents, null when not set. */
export const paymentProcessingCents = signal<number | null>(null);
export const paymentSettledCents = signal<number | null>(null);
