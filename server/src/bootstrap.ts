import { ConsoleLogger, INestApplication, LogLevel, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { prepareDatabase } from './database/database-roles.js';
import { SqlCounter } from './database/sql-counter.js';
import { refuseMalformedPaths } from './common/malformed-path.js';
import { PublicReadCache } from './http-cache/public-read-cache.js';
import { Callers } from './http-cache/callers.js';
import { fastPath, rememberSharedGraphQL } from './http-cache/fast-path.js';
import { publicListCache } from './http-cache/public-list-cache.js';
import { codedValidators } from './http-cache/validators.js';
import { compressible, compressWholeBodies, negotiateCoding } from './http-cache/codings.js';
import { mountFrontEnds } from './frontends.js';
import { PayPalSetup } from './paypal-setup.js';

export function createLogger(config: AppConfig): ConsoleLogger {
  const levels: LogLevel[] = config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'];
  return new ConsoleLogger({ json: config.nodeEnv === 'production', logLevels: levels, colors: config.nodeEnv === 'development' });
}

/** The product, and beside it what this root opened for it: Nest closes the PayPal setup when the app closes. */
@Module({})
class CompositionRoot {}

/**
 * Builds the whole application (API, GraphQL, admin console, web app) ready to listen. The schema is migrated
 * over `ownerUrl`; the app itself connects with `databaseUrl`, as a role that owns no table.
 */
export async function createApp(config: AppConfig, databaseUrl: string, ownerUrl = databaseUrl): Promise<INestApplication> {
  await prepareDatabase(ownerUrl, databaseUrl);
  const paypal = await PayPalSetup.open(config, databaseUrl);
  const root = {
    module: CompositionRoot,
    imports: [AppModule.forRoot(config, databaseUrl, paypal.client)],
    providers: [{ provide: PayPalSetup, useValue: paypal }],
  };
  const app = await NestFactory.create<NestExpressApplication>(root, {
    bodyParser: false,
    logger: createLogger(config),
  });
  app.set('trust proxy', config.trustProxy);
  // A byte-identical answer gets the same strong validator, so a GET can be answered 304 Not Modified.
  app.set('etag', 'strong');
  app.disable('x-powered-by');

  const server = app.getHttpServer();
  // Idle connections outlive nginx's upstream keepalive_timeout (60 s), so nginx never reuses one being closed here.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Visitors' repeated reads are answered before the request reaches Express at all.
  const expressApp = app.getHttpAdapter().getInstance();
  server.removeAllListeners('request').on('request', fastPath(app.get(PublicReadCache), app.get(Callers), expressApp));
  app.use((_req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  const bucketOrigin = config.s3 ? new URL(config.s3.publicUrl ?? config.s3.endpoint ?? `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`).origin : undefined;
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (req, res) => [`'nonce-${(res as express.Response).locals.cspNonce}'`, ...paypal.scriptSources((req as express.Request).path)].join(' ')],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', ...(bucketOrigin ? [bucketOrigin] : [])],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
          connectSrc: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
          // The live page plays an HLS stream from the church's streaming host, only once someone presses play.
          mediaSrc: ["'self'", 'https:'],
          formAction: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's `no-referrer`: with it a browser posts forms with `Origin: null`, which React Router's CSRF
      // check refuses, so no form would work without JavaScript. `same-origin` still tells other sites nothing.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  app.use(negotiateCoding);
  // Before compression, so it sees the coding compression chose.
  app.use(codedValidators);
  app.use(compression({ filter: compressible }));
  app.use(compressWholeBodies);
  app.use(refuseMalformedPaths);

  if (config.sqlCountHeader) {
    const counter = app.get(SqlCounter);
    app.use('/graphql', (req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (req.headers['x-sql-count'] !== '1') return next();
      const { counter: count, ended } = counter.run(() => next());
      res.once('close', ended);
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
        res.setHeader('x-sql-count', String(count.count));
        res.setHeader('x-sql-count-caller', String(count.caller));
        return writeHead(...args);
      }) as typeof res.writeHead;
    });
  }

  // PayPal signs the exact bytes of a webhook: keep them raw (the JSON parser below then skips this path).
  app.use('/api/paypal/webhook', express.raw({ type: () => true, limit: '1mb' }));
  app.use(publicListCache(app.get(PublicReadCache)));
  app.use('/graphql', rememberSharedGraphQL(app.get(PublicReadCache)));

  // Body parsers only where the API lives: React Router actions read their own bodies.
  for (const path of ['/api', '/graphql']) {
    app.use(path, express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }));
  }

  paypal.mount(app);
  const { testPayments, publicClientId, sdkUrl } = paypal.client;
  await mountFrontEnds(app, config, { testPayments, paypalClientId: publicClientId ?? null, paypalSdkUrl: sdkUrl ?? null });
  await app.init();
  return app;
}
