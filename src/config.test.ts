import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig, paymentsDemo, sandboxMainnetWarning, sandboxOnMainnet, sandboxPaymentsWarning, sharedKeyWarning } from './config';

describe('config', () => {
  test('defaults give a working site with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('file:data/coinreel.db');
    expect(c.TICKER_MODE).toBe('demo');
    expect(c.GAME_PROVIDER).toBe('sandbox');
  });

  test('the ticker shows no invented lines in production unless asked to', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'a'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64), SMTP_URL: 'smtp://mail.example.com', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };
    expect(loadConfig(prod).TICKER_MODE).toBe('live');
    expect(loadConfig({ ...prod, TICKER_MODE: 'demo' }).TICKER_MODE).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test' }).TICKER_MODE).toBe('demo');
  });

  test('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TICKER_MODE: 'loud' })).toThrow(/TICKER_MODE/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    // Game passwords are encrypted under it; a generated key in production would be lost with the disk.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/CREDENTIAL_KEY: required in production/);
    expect(() => loadConfig({ CREDENTIAL_KEY: 'abc' })).toThrow(/CREDENTIAL_KEY/);
    // The outbox is a file on this machine: in production, mail must leave through SMTP.
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'c'.repeat(64), PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };
    expect(() => loadConfig(prod)).toThrow(/SMTP_URL: required in production/);
    // Identity documents and tax numbers are encrypted under it; like CREDENTIAL_KEY it must not be generated there.
    expect(() => loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/DOCUMENT_KEY: required in production/);
    expect(loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example.com:587', DOCUMENT_KEY: 'd'.repeat(64) }).isProduction).toBe(true);
    expect(() => loadConfig({ JOB_LEASE_S: '0' })).toThrow(/JOB_LEASE_S/);
  });

  test('production: every required variable that is missing is named in the one error, not one per start', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message.split('\n')).toHaveLength(1);
    expect(error!.issues).toEqual(['JWT_SECRET: required in production', 'CREDENTIAL_KEY: required in production', 'SMTP_URL: required in production (the mail outbox in DATA_DIR is for development only)', 'DOCUMENT_KEY: required in production',
      'BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET: required in production (without them deposit invoices are sandbox ones nobody can pay)']);
    expect(() => loadConfig({ NODE_ENV: 'production', CREDENTIAL_KEY: 'c'.repeat(64) })).toThrow(/^Invalid configuration: JWT_SECRET: required in production\. .+; SMTP_URL: required in production/);
  });

  test('a malformed SMTP_URL is refused by name, without echoing it (it carries the mail password)', () => {
    for (const url of ['smtp://user:Secr3t@host:99999', 'smtp://user:Secr3t@mail example.com', 'smtps://u:Secr3t@[::1']) {
      let message = '';
      try {
        loadConfig({ SMTP_URL: url });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toStartWith('Invalid configuration: SMTP_URL: is not a valid URL');
      expect(message).not.toContain('Secr3t');
    }
    expect(loadConfig({ SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587' }).SMTP_URL).toBe('smtp://user:p%40ss@mail.example.com:587');
  });

  test('production: a required variable set wrong is to be fixed, not unset; one key for both is warned of', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'c'.repeat(64), SMTP_URL: 'smtp://mail.example.com:587', DOCUMENT_KEY: 'd'.repeat(64), PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'short' })).toThrow(/^Invalid configuration: JWT_SECRET: must be at least 32 characters\. Fix JWT_SECRET\.$/);
    // Outside production unsetting it is a fix: a key is generated.
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/Fix JWT_SECRET or unset it for the default/);
    // One key for both is warned of, not refused: documents already sealed under it would be lost with a new one.
    const shared = loadConfig({ ...prod, DOCUMENT_KEY: 'C'.repeat(64) });
    expect(sharedKeyWarning(shared)).toStartWith('DOCUMENT_KEY is the same as CREDENTIAL_KEY');
    expect(sharedKeyWarning(loadConfig(prod))).toBeNull();
  });

  test('operations settings: METRICS_ALLOW is a list of ranges, SHUTDOWN_TIMEOUT_S a bounded number of seconds', () => {
    expect(loadConfig({}).METRICS_ALLOW).toBe('127.0.0.0/8, ::1');
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_S).toBe(30);
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8,fd00::/8', SHUTDOWN_TIMEOUT_S: '5', HOST: '127.0.0.1' })).toMatchObject({ SHUTDOWN_TIMEOUT_S: 5, HOST: '127.0.0.1' });
    for (const bad of ['everyone', '10.0.0.0/33', '127.0.0.1;10.0.0.1'])
      expect(() => loadConfig({ METRICS_ALLOW: bad })).toThrow(/METRICS_ALLOW: must be a comma-separated list/);
    for (const bad of ['0', '601', 'soon', '1.5']) expect(() => loadConfig({ SHUTDOWN_TIMEOUT_S: bad })).toThrow(/SHUTDOWN_TIMEOUT_S/);
  });

  test('identity settings: requirement, tax threshold, restricted states, document key, S3 and Onfido', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ IDENTITY_REQUIRED_FOR: 'withdrawal', TAX_DETAILS_THRESHOLD_DOLLARS: 600, RESTRICTED_STATES: '', DOCUMENT_RETENTION_DAYS: 365 });
    for (const ok of ['none', 'withdrawal', '2000', '150.50']) expect(loadConfig({ IDENTITY_REQUIRED_FOR: ok }).IDENTITY_REQUIRED_FOR).toBe(ok);
    for (const bad of ['always', '-5', '12.345']) expect(() => loadConfig({ IDENTITY_REQUIRED_FOR: bad })).toThrow(/IDENTITY_REQUIRED_FOR: must be withdrawal, none, or a dollar amount/);
    expect(loadConfig({ RESTRICTED_STATES: 'wa, ID' }).RESTRICTED_STATES).toBe('wa, ID');
    expect(() => loadConfig({ RESTRICTED_STATES: 'WA,XX' })).toThrow(/RESTRICTED_STATES: must be a comma-separated list of US state codes/);
    expect(() => loadConfig({ TAX_DETAILS_THRESHOLD_DOLLARS: '0' })).toThrow(/TAX_DETAILS_THRESHOLD_DOLLARS/);
    expect(() => loadConfig({ DOCUMENT_KEY: 'short' })).toThrow(/DOCUMENT_KEY: must be 64 hex characters/);
    expect(() => loadConfig({ DOCUMENT_RETENTION_DAYS: '0' })).toThrow(/DOCUMENT_RETENTION_DAYS/);
    expect(() => loadConfig({ S3_BUCKET: 'docs' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all three/);
    expect(loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_BUCKET).toBe('docs');
    expect(() => loadConfig({ ONFIDO_API_TOKEN: 't' })).toThrow(/ONFIDO_API_TOKEN and ONFIDO_WEBHOOK_TOKEN: set both/);
    expect(loadConfig({ ONFIDO_API_TOKEN: 't', ONFIDO_WEBHOOK_TOKEN: 'w' }).ONFIDO_API_URL).toBe('https://api.onfido.com');
  });

  test("a value in one pair of quotes (as docker's --env-file passes the env file's quoted values) is unwrapped", () => {
    const c = loadConfig({ MAIL_FROM: '"Coinreel <no-reply@wallet.example.com>"', METRICS_ALLOW: "'127.0.0.1/32, ::1'", SITE_NAME: '"Quoted" Site' });
    expect(c.MAIL_FROM).toBe('Coinreel <no-reply@wallet.example.com>');
    expect(c.METRICS_ALLOW).toBe('127.0.0.1/32, ::1');
    expect(c.SITE_NAME).toBe('"Quoted" Site');
  });

  test('MAIL_FROM must carry an address, bare or with a name: mail is composed from it', () => {
    expect(loadConfig({ MAIL_FROM: 'no-reply@wallet.example.com' }).MAIL_FROM).toBe('no-reply@wallet.example.com');
    expect(loadConfig({ MAIL_FROM: 'Coinreel Café <no-reply@wallet.example.com>' }).MAIL_FROM).toBe('Coinreel Café <no-reply@wallet.example.com>');
    expect(() => loadConfig({ MAIL_FROM: 'Coinreel' })).toThrow(/MAIL_FROM: must be an address, e\.g\. Coinreel <no-reply@example\.com>/);
    expect(() => loadConfig({ MAIL_FROM: 'Coinreel <>' })).toThrow(/MAIL_FROM: must be an address/);
  });
});

describe('where the server listens, and who may use the sandbox controls', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'c'.repeat(64), SMTP_URL: 'smtp://mail.example.com', DOCUMENT_KEY: 'd'.repeat(64), PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };

  test('outside production it listens on 127.0.0.1 unless HOST is set; production keeps every interface', () => {
    expect(loadConfig({}).listenHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).listenHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).listenHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
    expect(loadConfig(prod).listenHost).toBeUndefined();
    expect(loadConfig({ ...prod, HOST: '127.0.0.1' }).listenHost).toBe('127.0.0.1');
  });

  test('the controls answer loopback clients on a loopback HOST, nobody on any other, anyone with SANDBOX_CONTROLS=on', () => {
    expect(loadConfig({}).sandboxControls).toBe('loopback');
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) expect(loadConfig({ HOST }).sandboxControls).toBe('loopback');
    for (const HOST of ['0.0.0.0', '::', '192.0.2.7', 'coinreel.example.com']) expect(loadConfig({ HOST }).sandboxControls).toBe('off');
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_CONTROLS: 'on' }).sandboxControls).toBe('everyone');
    expect(loadConfig({ SANDBOX_CONTROLS: 'off' }).sandboxControls).toBe('loopback');
    expect(loadConfig(prod).sandboxControls).toBe('off');
  });

  test('SANDBOX_CONTROLS is on or off, and never on in production', () => {
    expect(loadConfig({}).SANDBOX_CONTROLS).toBe('off');
    expect(() => loadConfig({ SANDBOX_CONTROLS: 'yes' })).toThrow(/SANDBOX_CONTROLS/);
    expect(() => loadConfig({ ...prod, SANDBOX_CONTROLS: 'on' })).toThrow(/SANDBOX_CONTROLS: cannot be on in production/);
  });

  test('SOLVENCY_SNAPSHOT: daily by default, weekly or off, anything else named', () => {
    expect(loadConfig({}).SOLVENCY_SNAPSHOT).toBe('daily');
    expect(loadConfig({ SOLVENCY_SNAPSHOT: 'weekly' }).SOLVENCY_SNAPSHOT).toBe('weekly');
    expect(loadConfig({ SOLVENCY_SNAPSHOT: 'off' }).SOLVENCY_SNAPSHOT).toBe('off');
    expect(() => loadConfig({ SOLVENCY_SNAPSHOT: 'hourly' })).toThrow(/SOLVENCY_SNAPSHOT/);
  });
});

describe('a self-hoster\'s first start', () => {
  const secrets = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'c'.repeat(64), SMTP_URL: 'smtp://mail.example.com', DOCUMENT_KEY: 'd'.repeat(64) };
  const issuesOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      return (e as ConfigError).issues;
    }
    return [];
  };

  test('production refuses to start without BTCPay unless PAYMENTS_SANDBOX_IN_PRODUCTION=on says it is a demo', () => {
    expect(() => loadConfig(secrets)).toThrow(/BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET: required in production.+PAYMENTS_SANDBOX_IN_PRODUCTION=on for a demo/);
    const demo = loadConfig({ ...secrets, PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' });
    expect([paymentsDemo(demo), sandboxPaymentsWarning(demo)?.startsWith('BTCPay Server is not configured and PAYMENTS_SANDBOX_IN_PRODUCTION=on')]).toEqual([true, true]);
    const paired = loadConfig({ ...secrets, BTCPAY_URL: 'https://btcpay.example.com', BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's', BTCPAY_WEBHOOK_SECRET: 'w' });
    expect([paymentsDemo(paired), sandboxPaymentsWarning(paired)]).toEqual([false, null]);
    // Outside production the sandbox needs no word.
    expect(paymentsDemo(loadConfig({}))).toBe(false);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(/PAYMENTS_SANDBOX_IN_PRODUCTION/);
  });

  test('outside production, the sandbox on mainnet starts and says at start-up that its addresses are real ones nobody holds', () => {
    const mainnet = loadConfig({ BITCOIN_NETWORK: 'mainnet' });
    expect(sandboxOnMainnet(mainnet)).toBe(true);
    expect(sandboxMainnetWarning(mainnet)).toStartWith('BITCOIN_NETWORK=mainnet without BTCPay Server: the sandbox hands out real mainnet addresses that nobody holds the keys to, so Bitcoin sent to them is lost.');
    // With BTCPay the addresses are the store's own; on the test networks coins have no value; production has its demo.
    const btcpay = { BTCPAY_URL: 'https://btcpay.example.com', BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's', BTCPAY_WEBHOOK_SECRET: 'w' };
    for (const env of [{ BITCOIN_NETWORK: 'mainnet', ...btcpay }, { BITCOIN_NETWORK: 'testnet' }, {}, { ...secrets, BITCOIN_NETWORK: 'mainnet', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' }]) {
      const c = loadConfig(env);
      expect([sandboxOnMainnet(c), sandboxMainnetWarning(c)]).toEqual([false, null]);
    }
  });

  test('the shipped env example as first filled in: the missing secrets and every missing BTCPay setting in one round', () => {
    const issues = issuesOf({ NODE_ENV: 'production', SMTP_URL: 'smtps://user:password@mail.example.com:465', BTCPAY_URL: 'https://btcpay.example.com' });
    expect(issues).toEqual([
      'JWT_SECRET: required in production', 'CREDENTIAL_KEY: required in production', 'DOCUMENT_KEY: required in production',
      'BTCPAY_API_KEY, BTCPAY_STORE_ID, BTCPAY_WEBHOOK_SECRET: missing (BTCPay Server needs all four; BTCPAY_URL is set)',
    ]);
    expect(issuesOf({ ...secrets, BTCPAY_URL: 'https://b.example.com', BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's' })).toEqual([
      'BTCPAY_WEBHOOK_SECRET: missing (BTCPay Server needs all four; BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID are set)',
    ]);
  });

  test('TRUSTED_PROXY_HEADER must be one header name', () => {
    for (const ok of ['x-real-ip', 'X-Forwarded-For', 'cf-connecting-ip']) expect(loadConfig({ TRUSTED_PROXY_HEADER: ok }).TRUSTED_PROXY_HEADER).toBe(ok);
    for (const bad of ['x real ip', 'x-real-ip:', 'x-real-ip,x-forwarded-for', 'x-réal-ip'])
      expect(() => loadConfig({ TRUSTED_PROXY_HEADER: bad })).toThrow(/TRUSTED_PROXY_HEADER: must be one HTTP header name/);
  });
});

