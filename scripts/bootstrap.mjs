// Runs before `npm start` and `npm test` on a machine that may have only Node.js and npm:
// installs the pinned Bun from the npm registry, the project's packages from bun.lock, and, with
// --browser, Debian's chromium for the browser tests. Each step is skipped when already done.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bunVersion = pkg.devDependencies.bun;
const toolDir = join(root, '.cache', 'bun-' + bunVersion);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });

const localBun = join(root, 'node_modules', '.bin', 'bun');
let bun = existsSync(localBun) ? localBun : join(toolDir, 'node_modules', '.bin', 'bun');
if (!existsSync(bun)) {
  console.log(`Installing Bun ${bunVersion} from the npm registry...`);
  run('npm', ['install', '--prefix', toolDir, '--no-audit', '--no-fund', '--loglevel=error', `bun@${bunVersion}`]);
  bun = join(toolDir, 'node_modules', '.bin', 'bun');
}
run(bun, ['install', '--frozen-lockfile']);

// `npm test` passes --browser: the test tools from Debian, each only when missing. chromium drives the browser
// tests; redis-server backs the several-instances test (which is skipped, not failed, where it cannot be had).
const forTests = process.argv.includes('--browser');
const needChromium = forTests && !existsSync('/usr/bin/chromium');
const needRedis = forTests && !onPath('redis-server');
// nginx and caddy check the example proxies in deploy/ (tests/proxy-configs.test.ts), openssl makes its certificate.
const proxyTools = forTests ? ['nginx', 'caddy', 'openssl'].filter((p) => !onPath(p) && !existsSync('/usr/sbin/' + p)) : [];
if (needChromium || needRedis || proxyTools.length) {
  // sudo -n fails at once rather than waiting for a password nobody will type (CI has no stdin).
  const asRoot = !process.getuid || process.getuid() === 0;
  const apt = (args) => {
    const [cmd, ...pre] = asRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
    const r = spawnSync(cmd, [...pre, ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error('apt-get ' + args.join(' ') + ' failed');
  };
  let updated = true;
  try {
    apt(['update', '-qq']);
  } catch (e) {
    if (needChromium) throw e;
    updated = false;
    console.warn(`${e.message}: the Redis and proxy tests will be skipped`);
  }
  if (needChromium) {
    console.log("Installing Debian's chromium for the browser tests...");
    apt(['install', '-y', '-qq', 'chromium']);
  }
  if (proxyTools.length && updated) {
    console.log(`Installing Debian's ${proxyTools.join(', ')} for the proxy-config test...`);
    try {
      apt(['install', '-y', '-qq', '--no-install-recommends', ...proxyTools]);
    } catch (e) {
      console.warn(`${e.message}: the proxy-config test will fail in CI`);
    }
  }
  if (needRedis && updated) {
    console.log("Installing Debian's redis-server for the several-instances test...");
    try {
      apt(['install', '-y', '-qq', '--no-install-recommends', 'redis-server']);
    } catch (e) {
      console.warn(`${e.message}: the Redis tests will be skipped`);
    }
  }
}

function onPath(cmd) {
  return (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, cmd)));
}
