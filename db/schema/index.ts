export * from './users';
export * from './wallet';
export * from './auth';
export * from './ledger';
export * from './idempotency';
export * from './games';
export * from './payments';
export * from './withdrawals';
