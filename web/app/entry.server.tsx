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
 * The document as React flushes it. React writes a page in 4 KB pieces and calls `flush()` when a batch of work is
 * out: the pieces go on as one chunk a flush, so a page costs a few trips through the response's stream, the
 * compressor and the socket rather than dozens, and streaming still sends each finished part at once.
 *
 * Its module preloads go at low priority: on a slow phone connection the stylesheets and the hero image go first,
 * and the scripts, which only hydrate a page already drawn, after them. React Router writes these links with no way
 * to set their priority, so the head (the document's first bytes) is held until it is complete, given
 * `fetchpriority="low"` on each, and everything after it passes through untouched.
 */
function documentStream(): Transform {
  let pending: Buffer[] = [];
  let headDone = false;
  const release = (final: boolean) => {
    if (!pending.length) return;
    let out = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [out];
    if (!headDone) {
      const end = out.indexOf(HEAD_END);
      if (end < 0 && !final) return;
      headDone = true;
      if (end >= 0) {
        stream.push(out.subarray(0, end).toString('utf8').replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
        out = out.subarray(end);
      }
    }
    pending = [];
    stream.push(out);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      done();
    },
    flush(done) {
      release(true);
      done();
    },
  });
  // React calls a destination's `flush()` after each batch it writes.
  return Object.assign(stream, { flush: () => release(false) });
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
        const body = documentStream();
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
