// Every Deposit entry is a plain link to /deposit-bitcoin marked `data-deposit-open`: without scripts it reaches the
// deposit form there; once the deposit modal island is up, it opens the modal instead (spec §2).
export const DEPOSIT_OPEN_EVENT = 'coinreel:deposit-open';

export function openDeposit(): void {
  document.dispatchEvent(new CustomEvent(DEPOSIT_OPEN_EVENT));
}

