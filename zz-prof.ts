import { makeApp, call } from './tests/helpers/app';
import { createPlayer } from './tests/helpers/players';
import { fund } from './tests/helpers/money';
const app = await makeApp();
const a = await createPlayer(app); const b = await createPlayer(app);
await fund(app, a.userId, 100_000_000);
for (let i = 0; i < 3000; i++) await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: b.email, amount: 0.01 }, { token: a.token });
