import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

const HEAD_END = Buffer.from('</head>');

/**
 * A page whose address carries a token (a password reset or e-mail confirmation link, PayPal's return) is never
 * stored, by the browser or anything between: the address holds a secret, and so may the page.
 */
const carriesToken = (request: Request): boolean => new URL(request.url).searchParams.has('token');

/**
 * The document with its module preloads at low priority: on a slow phone connection the stylesheets and the hero
 * image go first, and the scripts, which only hydrate a page already drawn, after them. React Router writes these
 * links with no way to set their priority, so the head (the document's first bytes) is held until it is complete,
 * given `fetchpriority="low"` on each, and everything after it passes through untouched.
 */
function lowPriorityModulePreloads(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end < 0) return done();
      this.push(head.subarray(0, end).toString('utf8').replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
      this.push(head.subarray(end));
      head = undefined;
      done();
    },
    flush(done) {
      if (head) this.push(head);
      done();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = lowPriorityModulePreloads();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        if (carriesToken(request)) responseHeaders.set('Cache-Control', 'no-store');
        else if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The same page's data for a navigation in the browser (`/reset-password.data?token=…`). */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (carriesToken(request)) response.headers.set('Cache-Control', 'no-store');
  return response;
}
