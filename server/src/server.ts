import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { AppDeps } from './app-deps';
import { accessTokens, loadJwtSecret } from './auth/access-token';
import { unsubscribeLinks } from './auth/unsubscribe-links';
import { emulatorVerifier, firebaseVerifier, type IdTokenVerifier } from './auth/id-token';
import { adminSdkAccounts } from './auth/admin-sdk-accounts';
import { cutOffOnly, type SignInAccounts } from './auth/sign-in-accounts';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { migrate } from './db/migrate';
import { diskGuard, type FreeSpaceProbe } from './http/disk-guard';
import { imageStoreFor } from './images/image-store';
import type { PaymentGateway } from './payments/payment-gateway';
import { SandboxGateway } from './payments/sandbox-gateway';
import { StripeGateway } from './payments/stripe-gateway';
import { seedIfEmpty } from './seed/demo-data';
import { applyConfiguredAdmins } from './services/admins';
import { smtpTransport } from './mail/mail-transport';
import { startMailWorker } from './services/mail-delivery';
import { startReviewReminders } from './services/review-reminders';
import { runPeriodically } from './services/periodic-job';
import { startSavedSearchAlerts } from './services/saved-search-alerts';
import { sweepUnusedUploads } from './services/uploads';
import { stopReleaseHealth } from './services/release-health';

export interface StartOptions {
  /** Replaces the ID-token check chosen from the configuration (tests of the RS256 path). */
  idTokens?: IdTokenVerifier;
  /** Replaces the identity provider's revocation chosen from the configuration (tests of signing out everywhere). */
  signInAccounts?: SignInAccounts;
  fastify?: FastifyServerOptions;
  /** Replaces the free-space probe of DATA_DIR's disk (tests of a nearly full disk). */
  freeSpace?: FreeSpaceProbe;
}

/** Stripe when its key is set, unless PAYMENTS=sandbox asks for the card sandbox. */
export function usesStripe(config: ServerConfig): boolean {
  return Boolean(config.stripeSecretKey) && config.payments !== 'sandbox';
}

function gatewayFor(config: ServerConfig, handle: DatabaseHandle): PaymentGateway {
  if (config.stripeSecretKey && usesStripe(config)) {
    return new StripeGateway({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      api: config.stripeApi,
    });
  }
  return new SandboxGateway(handle.db);
}

/** Removes unused uploads every UPLOAD_SWEEP_MINUTES; `stop` waits for a sweep under way. */
function sweepPeriodically(app: FastifyInstance, deps: AppDeps): { stop(): Promise<void> } {
  return runPeriodically(
    deps.config.uploads.sweepIntervalMinutes * 60_000,
    async () => {
      const removed = await sweepUnusedUploads({
        db: deps.db,
        images: deps.images,
        graceHours: deps.config.uploads.graceHours,
      });
      if (removed.length > 0) app.log.info(`removed ${removed.length} unused uploads`);
    },
    (error) => app.log.error({ err: error }, 'sweeping unused uploads failed'),
  );
}

/** The outbox's worker, when SMTP_URL is set and mail is not off. */
function mailWorkerFor(app: FastifyInstance, deps: AppDeps): { stop(): Promise<void> } | null {
  const { smtpUrl, off, from, pollMs, appUrl, leaseMs } = deps.config.mail;
  if (!smtpUrl || off) return null;
  return startMailWorker({
    db: deps.db,
    transport: smtpTransport(smtpUrl, from),
    appUrl,
    pollMs,
    leaseMs,
    onError: (error) => app.log.error({ err: error }, 'delivering email failed'),
  });
}

/** Migrates, grants the configured admins, seeds an empty database when asked, and builds the app. */
export async function prepareServer(
  config: ServerConfig,
  handle: DatabaseHandle,
  options: StartOptions = {},
): Promise<FastifyInstance> {
  await migrate(handle.db);
  await applyConfiguredAdmins(handle.db, config.adminEmails);
  const images = imageStoreFor(config, handle.db);
  if (config.seed === 'demo') await seedIfEmpty(handle.db, images);
  // The app's logger exists once the app is built; a revocation only happens after that.
  const built: { log?: FastifyBaseLogger } = {};
  const revocationFailed = (error: unknown, uid: string) =>
    built.log?.error({ err: error, uid }, 'revoking the sign-in account’s refresh tokens failed');
  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const deps: AppDeps = {
    config,
    db: handle.db,
    idTokens:
      options.idTokens ??
      (config.authMode === 'emulator'
        ? emulatorVerifier(config.firebaseProjectId)
        : firebaseVerifier(config.firebaseProjectId)),
    signInAccounts:
      options.signInAccounts ??
      (config.signInRevocation
        ? adminSdkAccounts(config.firebaseProjectId, config.signInRevocation, revocationFailed)
        : cutOffOnly),
    accessTokens: accessTokens(secret, config.accessTokenTtlSeconds),
    unsubscribeLinks: unsubscribeLinks(secret, config.publicUrl),
    gateway: gatewayFor(config, handle),
    images,
    wire: { publicUrl: config.publicUrl },
    disk: diskGuard({
      dir: config.dataDir,
      minFreeBytes: config.uploads.minFreeDiskBytes,
      databaseOnDisk: !config.databaseUrl,
      probe: options.freeSpace,
    }),
  };
  const app = await buildApp(deps, options.fastify);
  built.log = app.log;
  const sweeper = sweepPeriodically(app, deps);
  const mailWorker = mailWorkerFor(app, deps);
  const reviewReminders = startReviewReminders({
    db: deps.db,
    intervalMs: config.reviewReminderMinutes * 60_000,
    onError: (error) => app.log.error({ err: error }, 'reminding parties of their reviews failed'),
  });
  const alerts = startSavedSearchAlerts({
    db: deps.db,
    links: deps.unsubscribeLinks,
    pollMs: config.savedSearchPollMs,
    onError: (error) => app.log.error({ err: error }, 'sending saved-search alerts failed'),
  });
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await alerts.stop();
    await mailWorker?.stop();
    await reviewReminders.stop();
    // The release-health counts of the last second are written before the database closes.
    await stopReleaseHealth(handle.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'writing release-health counts at close failed'),
    );
    await handle.close();
  });
  return app;
}
