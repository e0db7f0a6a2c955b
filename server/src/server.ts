import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { AppDeps } from './app-deps';
import { accessTokens, loadJwtSecret } from './auth/access-token';
import { emulatorVerifier, firebaseVerifier, type IdTokenVerifier } from './auth/id-token';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { migrate } from './db/migrate';
import { ImageStore } from './images/image-store';
import type { PaymentGateway } from './payments/payment-gateway';
import { SandboxGateway } from './payments/sandbox-gateway';
import { StripeGateway } from './payments/stripe-gateway';
import { seedIfEmpty } from './seed/demo-data';
import { grantAdmin } from './users/admins';

export interface StartOptions {
  /** Replaces the ID-token check chosen from the configuration (tests of the RS256 path). */
  idTokens?: IdTokenVerifier;
  fastify?: FastifyServerOptions;
}

function gatewayFor(config: ServerConfig, handle: DatabaseHandle): PaymentGateway {
  if (config.stripeSecretKey) {
    return new StripeGateway({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      api: config.stripeApi,
    });
  }
  return new SandboxGateway(handle.db);
}

/** Migrates, grants the configured admins, seeds an empty database when asked, and builds the app. */
export async function prepareServer(
  config: ServerConfig,
  handle: DatabaseHandle,
  options: StartOptions = {},
): Promise<FastifyInstance> {
  await migrate(handle.db);
  for (const email of config.adminEmails) await grantAdmin(handle.db, email);
  const images = new ImageStore(config.dataDir);
  if (config.seed === 'demo') await seedIfEmpty(handle.db, images.dir);
  const deps: AppDeps = {
    config,
    db: handle.db,
    idTokens:
      options.idTokens ??
      (config.authMode === 'emulator'
        ? emulatorVerifier(config.firebaseProjectId)
        : firebaseVerifier(config.firebaseProjectId)),
    accessTokens: accessTokens(loadJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtlSeconds),
    gateway: gatewayFor(config, handle),
    images,
    wire: { publicUrl: config.publicUrl },
  };
  const app = await buildApp(deps, options.fastify);
  app.addHook('onClose', () => handle.close());
  return app;
}
