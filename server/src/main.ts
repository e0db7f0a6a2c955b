// `pnpm --filter ./server start`: the API server on PORT (5000), ready when GET /health answers 200.
import { readConfig, releaseSettingsOf } from './config';
import { openConfiguredDatabase } from './db/database';
import { prepareServer, usesStripe } from './server';
import { startRolloutWorker } from './services/releases/rollout-worker';
import { refuseUnsafeSettings, UnsafeSettingsError } from './startup-checks';

async function main(): Promise<void> {
  const config = readConfig();
  refuseUnsafeSettings(config);
  const handle = await openConfiguredDatabase(config);
  const app = await prepareServer(config, handle, { fastify: { logger: { level: config.logLevel } } });
  // Automatic canaries (`pnpm release promote … --auto`) run here, not in a terminal someone keeps open.
  const rollouts = startRolloutWorker({
    db: handle.db,
    settings: releaseSettingsOf(config),
    onDecision: (remote, decision) => app.log.info(`release rollout of ${remote}: ${decision.reason}`),
    onError: (error) => app.log.error({ err: error }, 'checking the release rollouts failed'),
  });
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    rollouts
      .stop()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `bookswap server ready on port ${config.port} (${handle.kind}${config.authMode === 'emulator' ? ', auth emulator mode' : ''}, payments: ${usesStripe(config) ? 'stripe' : 'sandbox'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof UnsafeSettingsError ? error.message : error);
  process.exit(1);
});
