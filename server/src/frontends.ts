import type { INestApplication } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { ApolloDriver } from '@nestjs/apollo';
import { createRequestHandler } from '@react-router/express';
import type { ServerBuild } from 'react-router';
import express from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppConfig } from './config/app-config.js';
import { LoaderFactory } from './common/loaders.js';
import { PublicReadCache } from './http-cache/public-read-cache.js';
import { pageCache } from './http-cache/page-cache.js';
import { acceptedCoding } from './http-cache/codings.js';
import { isPublishedPath } from './site/index.js';

/** Paths Nest answers itself; everything else belongs to the web app. */
export const SERVER_PATHS = ['/api', '/graphql', '/healthz', '/admin', '/uploads', '/cities'];

const ownedByServer = (path: string) => isPublishedPath(path) || SERVER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

const IMMUTABLE = { immutable: true, maxAge: '1y', index: false as const };

const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
];

/**
 * Hashed build assets: the coding negotiated for the browser, precompressed at build time
 * (scripts/precompress.mjs), else the plain file. Cached for a year; the hash changes with the content.
 */
function hashedAssets(dir: string): express.RequestHandler[] {
  const precompressed: express.RequestHandler = (req, res, next) => {
    const coding = acceptedCoding(req.headers['accept-encoding']);
    const file = join(dir, decodeURIComponent(req.path));
    if (!file.startsWith(dir + '/')) return next();
    const encoding = ENCODINGS.find((e) => e.token === coding && existsSync(file + e.suffix));
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.token);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(extname(file));
    res.sendFile(file + encoding.suffix, { immutable: true, maxAge: '1y' });
  };
  return [precompressed, express.static(dir, IMMUTABLE)];
}

/** What React Router loaders and actions receive: GraphQL run in-process, with the caller's request. */
export type WebLoadContext = {
  /** `idempotencyKey`: a public form's hidden key, handed to the resolver as the `Idempotency-Key` header would be. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { idempotencyKey?: string },
  ): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  cspNonce: string;
  publicUrl: string;
  testPayments: boolean;
  /** For PayPal's buttons: the client id, and where the JS SDK comes from when not from PayPal. */
  paypalClientId: string | null;
  paypalSdkUrl: string | null;
};

/** How the site takes payments, as the pages need to know it. */
export type PagePayments = Pick<WebLoadContext, 'testPayments' | 'paypalClientId' | 'paypalSdkUrl'>;

/**
 * The client build's own files (favicon, manifest, …): only a path under one of its top-level names can be one, so
 * a page's path is handed on without a look at the disk (and the not-found error `send` would build for it).
 */
function clientFiles(dir: string): express.RequestHandler {
  const names = new Set(readdirSync(dir));
  const serve = express.static(dir, { index: false, maxAge: '1h' });
  return (req, res, next) => {
    let first: string;
    try {
      first = decodeURIComponent(req.path.split('/')[1] ?? '');
    } catch {
      first = '';
    }
    return names.has(first) ? serve(req, res, next) : next();
  };
}

/**
 * One GraphQL context a page request: the root's loader and the route's share its DataLoaders (the caller is verified
 * once a request whatever the context). An action's request (a write, then the loaders) gets a fresh one a call, so
 * nothing read before the write is answered after it.
 */
function renderGraphql(app: INestApplication, loaders: LoaderFactory, req: express.Request, res: express.Response): WebLoadContext['graphql'] {
  const reads = req.method === 'GET' || req.method === 'HEAD';
  const fresh = () => ({ req, res, loaders: loaders.create(), internal: true });
  let shared: ReturnType<typeof fresh> | undefined;
  return async (query, variables, options) => {
    const apollo = app.get(GraphQLModule<ApolloDriver>).graphQlAdapter.instance;
    const base = reads ? (shared ??= fresh()) : fresh();
    const contextValue = options?.idempotencyKey ? { ...base, idempotencyKey: options.idempotencyKey } : base;
    const response = await apollo.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('Incremental GraphQL responses are not used');
    return response.body.singleResult as never;
  };
}

function notBuilt(name: string, command: string): express.RequestHandler {
  return (_req, res) => {
    res.status(503).type('text/plain').send(`The ${name} has not been built yet. Run \`${command}\`, or \`npm start\`, which builds what is missing.`);
  };
}

/**
 * Serves the admin console's static build at /admin (with an index.html fallback for its client routes) and
 * hands every path the API does not own to React Router for server rendering. Mounted before Nest's routes,
 * behind a path test, so Nest's own 404 never swallows a page.
 */
export async function mountFrontEnds(app: INestApplication, config: AppConfig, payments: PagePayments) {
  const http = app.getHttpAdapter().getInstance() as express.Express;

  const adminIndex = join(config.adminBuildDir, 'index.html');
  if (existsSync(adminIndex)) {
    http.use('/admin/assets', ...hashedAssets(join(config.adminBuildDir, 'assets')));
    http.use('/admin', express.static(config.adminBuildDir, { index: false, maxAge: '1h' }));
    http.get(['/admin', '/admin/*path'], (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(adminIndex);
    });
  } else {
    http.use('/admin', notBuilt('admin console', 'npm run build'));
  }

  const serverBuild = join(config.webBuildDir, 'server', 'index.js');
  const clientDir = join(config.webBuildDir, 'client');
  let handler: express.RequestHandler = notBuilt('web app', 'npm run build');
  if (existsSync(serverBuild)) {
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    const loaders = app.get(LoaderFactory);
    handler = pageCache(app.get(PublicReadCache), createRequestHandler({
      build,
      mode: config.nodeEnv === 'production' ? 'production' : 'development',
      getLoadContext: (req, res): WebLoadContext => ({
        cspNonce: res.locals.cspNonce as string,
        publicUrl: config.publicUrl,
        ...payments,
        graphql: renderGraphql(app, loaders, req, res),
      }),
    }));
    http.use('/assets', ...hashedAssets(join(clientDir, 'assets')));
    http.use(clientFiles(clientDir));
  }
  http.all('*path', (req, res, next) => (ownedByServer(req.path) ? next() : handler(req, res, next)));
}
