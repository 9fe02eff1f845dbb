import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import { createApp, createLogger } from './bootstrap.js';
import { runCluster } from './cluster.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { RunningDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  Logger.overrideLogger(createLogger(config));
  const logger = new Logger('Main');
  // Libraries start background promises nobody awaits (pg-boss completes a job that way); when the database
  // restarts under them they reject. That must never take the whole site down: log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    logger.error(`unhandled rejection (still serving): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });

  let embedded: RunningDatabase | undefined;
  if (!config.databaseUrl) {
    logger.log(`starting the embedded PostgreSQL with its data under ${config.dataDir}`);
    const pgLogger = new Logger('PostgreSQL');
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => {
      if (/ERROR|FATAL|PANIC/.test(line)) pgLogger.warn(line);
    });
  }

  let stopping = false;
  const stopDatabase = async () => {
    if (embedded) await embedded.stop().catch((error: Error) => logger.error(`stopping PostgreSQL: ${error.message}`));
  };

  if (config.clusterWorkers > 1 && cluster.isPrimary) {
    // Workers reach the embedded database by URL, as instances on other machines reach a managed one.
    const database: Record<string, string> = embedded ? { DATABASE_URL: embedded.appUrl, DATABASE_OWNER_URL: embedded.url } : {};
    return runCluster(config.clusterWorkers, database, stopDatabase);
  }

  let app;
  try {
    app = embedded ? await createApp(config, embedded.appUrl, embedded.url) : await createApp(config, config.databaseUrl!, config.databaseOwnerUrl);
  } catch (error) {
    logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await stopDatabase();
    process.exit(1);
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch((error: Error) => logger.error(`closing: ${error.message}`));
    await stopDatabase();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres installs its own exit hook that stops the database at once; close the app first.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${port}`) : config.publicUrl;
  logger.log(`ready: site ${base}/  admin ${base}/admin  GraphQL ${base}/graphql  health ${base}/healthz`);
  if (config.adminPasswordIsDefault) {
    logger.warn(`demo admin login: ${config.adminEmail} / ${config.adminPassword} (set ADMIN_EMAIL and ADMIN_PASSWORD before going live)`);
  }
  if (!config.paypal.clientId) logger.warn('no PayPal credentials: the built-in PayPal emulator takes payments (no money moves)');
  if (!config.smtpUrl) logger.log(`no SMTP_URL: e-mails are written to ${config.dataDir}/outbox`);
}

void main();
