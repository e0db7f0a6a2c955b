import fs from 'node:fs';
import path from 'node:path';
import { BOOKING_LIMIT_DEFAULTS, readConfig, ROLLOUT_DEFAULTS, SERVER_VARIABLES, TELEMETRY_DEFAULTS } from './config';

const REPO_ROOT = path.resolve(__dirname, '../..');

describe('the server’s configuration without any variable', () => {
  const config = readConfig({});

  it('takes the documented defaults', () => {
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, '.data'),
      authMode: 'firebase',
      firebaseProjectId: 'demo-bookswap',
      adminEmails: [],
      publicUrl: 'http://localhost:5000',
      accessTokenTtlSeconds: 7200,
      seed: 'none',
      allowRemoteEmulator: false,
      trustProxy: false,
      rateLimits: { tokenPerMinute: 60, writesPerMinute: 300, searchPerMinute: 120, telemetryPerMinute: 120 },
      telemetry: TELEMETRY_DEFAULTS,
      uploads: {
        perDayCount: 50,
        perDayBytes: 100 * 1024 * 1024,
        graceHours: 24,
        sweepIntervalMinutes: 60,
        minFreeDiskBytes: 512 * 1024 * 1024,
      },
      listingsPerDay: 50,
      reportsToFlag: 3,
      reportsPerDay: 20,
      bookingLimits: BOOKING_LIMIT_DEFAULTS,
      messagesPerDay: 200,
      reviewsPerDay: 20,
      reviewReminderMinutes: 60,
      savedSearchPollMs: 60_000,
      mail: { from: 'Bookswap <no-reply@bookswap.local>', off: false, pollMs: 1000, appUrl: 'http://localhost:3000' },
      releases: {
        registryFile: path.join(REPO_ROOT, 'releases', 'registry.json'),
        releasesDir: path.join(REPO_ROOT, 'releases'),
        auto: ROLLOUT_DEFAULTS,
      },
      logLevel: 'info',
    });
    expect(config.corsOrigins).toHaveLength(10);
    expect(config.corsOrigins).toContain('http://127.0.0.1:3004');
  });

  it('leaves unset what has no default', () => {
    for (const key of [
      'databaseUrl',
      'databaseSchema',
      'signInRevocation',
      'jwtSecret',
      'stripeSecretKey',
      'stripePublishableKey',
      'payments',
      'renderKey',
    ] as const) {
      expect(config[key]).toBeUndefined();
    }
    expect(config.telemetry.pageLoadSecret).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.releases?.registryDatabase).toBeUndefined();
  });

  it('reads an empty variable as an unset one', () => {
    expect(readConfig({ PORT: '', AUTH_MODE: '', CORS_ORIGINS: '', APP_URL: '', RELEASE_AUTO_MIN_LOADS: '' })).toEqual(
      config,
    );
  });
});

describe('the server’s configuration from its variables', () => {
  it('reads numbers from their text, megabytes as bytes', () => {
    const config = readConfig({
      PORT: '8080',
      UPLOAD_MB_PER_DAY: '2',
      MIN_FREE_DISK_MB: ' 1 ',
      BOOKING_COOL_DOWN_MINUTES: '0',
      RELEASE_AUTO_MIN_MINUTES: '0',
      RELEASE_AUTO_MAX_RATIO: '1.5',
      RELEASE_AUTO_MIN_ABSOLUTE: '0.005',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.uploads).toMatchObject({ perDayBytes: 2 * 1024 * 1024, minFreeDiskBytes: 1024 * 1024 });
    expect(config.bookingLimits.coolDownMinutes).toBe(0);
    expect(config.releases?.auto).toEqual({ ...ROLLOUT_DEFAULTS, minMinutes: 0, maxRatio: 1.5, minAbsolute: 0.005 });
  });

  it('reads comma lists, trimmed, admins’ addresses in lower case', () => {
    const config = readConfig({
      ADMIN_EMAILS: ' Ann@Example.test, ,bob@example.test ',
      CORS_ORIGINS: 'https://bookswap.example, https://admin.bookswap.example',
    });
    expect(config.adminEmails).toEqual(['ann@example.test', 'bob@example.test']);
    expect(config.corsOrigins).toEqual(['https://bookswap.example', 'https://admin.bookswap.example']);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', '10.0.0.1,10.0.0.2'],
  ])('reads TRUST_PROXY=%s as %p', (TRUST_PROXY, trustProxy) => {
    expect(readConfig({ TRUST_PROXY }).trustProxy).toBe(trustProxy);
  });

  it('turns on ALLOW_REMOTE_EMULATOR and MAIL=off only when asked for', () => {
    expect(readConfig({ ALLOW_REMOTE_EMULATOR: '1' }).allowRemoteEmulator).toBe(true);
    expect(readConfig({ ALLOW_REMOTE_EMULATOR: 'true' }).allowRemoteEmulator).toBe(true);
    expect(readConfig({ ALLOW_REMOTE_EMULATOR: 'yes' }).allowRemoteEmulator).toBe(false);
    expect(readConfig({ MAIL: 'off' }).mail.off).toBe(true);
  });

  it('drops the public address’s trailing slashes', () => {
    expect(readConfig({ PUBLIC_URL: 'https://api.bookswap.example//' }).publicUrl).toBe('https://api.bookswap.example');
  });

  it('puts the release registry beside the releases, or in the database, in the API’s schema', () => {
    expect(readConfig({ BOOKSWAP_RELEASES_DIR: '/srv/releases' }).releases).toMatchObject({
      releasesDir: '/srv/releases',
      registryFile: '/srv/releases/registry.json',
    });
    expect(
      readConfig({ RELEASE_REGISTRY_DATABASE_URL: 'postgres://db/bookswap', DATABASE_SCHEMA: 'staging' }).releases
        ?.registryDatabase,
    ).toEqual({ url: 'postgres://db/bookswap', schema: 'staging' });
  });
});

describe('a bad value stops the start, naming its variable', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a positive whole number'],
    [{ PORT: '0' }, 'PORT must be a positive whole number'],
    [{ PORT: '80.5' }, 'PORT must be a positive whole number'],
    [{ MIN_FREE_DISK_MB: '-1' }, 'MIN_FREE_DISK_MB must be a positive whole number'],
    [{ BOOKING_COOL_DOWN_MINUTES: '-1' }, 'BOOKING_COOL_DOWN_MINUTES must be a whole number'],
    [{ RELEASE_AUTO_MIN_MINUTES: 'soon' }, 'RELEASE_AUTO_MIN_MINUTES must be a whole number'],
    [{ RELEASE_AUTO_MAX_RATIO: '0' }, 'RELEASE_AUTO_MAX_RATIO must be a positive number'],
    [{ RELEASE_AUTO_MIN_ABSOLUTE: 'Infinity' }, 'RELEASE_AUTO_MIN_ABSOLUTE must be a positive number'],
    [{ AUTH_MODE: 'production' }, 'AUTH_MODE must be emulator or firebase'],
    [{ SEED: 'yes' }, 'SEED must be demo or none'],
    [{ PAYMENTS: 'card' }, 'PAYMENTS must be sandbox or stripe'],
    [{ MAIL: 'on' }, 'MAIL must be off, or unset'],
    [{ SMTP_URL: 'mail.example.test:25' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ APP_URL: 'bookswap.example' }, 'APP_URL must be an http(s) address'],
    [{ DATABASE_SCHEMA: 'Bookswap-Test' }, 'DATABASE_SCHEMA must be a plain lower-case identifier'],
  ])('%p: %s', (env, message) => {
    expect(() => readConfig(env)).toThrow(new Error(message));
  });

  it('names every bad variable at once, one a line', () => {
    expect(() => readConfig({ PORT: '-5', MAIL: 'on', REPORTS_TO_FLAG: 'three' })).toThrow(
      new Error(
        [
          'PORT must be a positive whole number',
          'REPORTS_TO_FLAG must be a positive whole number',
          'MAIL must be off, or unset',
        ].join('\n'),
      ),
    );
  });
});

describe('server/README.md', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const environment = readme.slice(readme.indexOf('## Environment'), readme.indexOf('## Layout'));

  it.each(SERVER_VARIABLES)('documents %s under Environment', (name) => {
    expect(environment).toContain(`\`${name}\``);
  });
});
