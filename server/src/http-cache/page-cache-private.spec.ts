import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { pageCache } from './page-cache.js';
import type { PublicReadCache } from './public-read-cache.js';

/** A read cache that lets every visitor's read through and records what it is asked to keep. */
function recordingCache() {
  const kept: string[] = [];
  const cache = new Proxy({}, { get: (_, method) => (method === 'set' ? (key: string) => kept.push(key) : () => true) });
  return { cache: cache as PublicReadCache, kept };
}

/** A page rendered as React Router renders one, with or without a Cache-Control of its own. */
function site(cacheControl?: string) {
  const { cache, kept } = recordingCache();
  const app = express();
  app.use(
    pageCache(cache, (_req, res) => {
      res.locals.cspNonce = 'n0nce';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', "script-src 'self' 'nonce-n0nce'");
      if (cacheControl) res.setHeader('cache-control', cacheControl);
      res.end('<form><input type="hidden" name="idempotencyKey" value="0f6b1c4e-visitor-own"></form>');
    }),
  );
  return { http: request(app), kept };
}

describe('pages kept for every visitor', () => {
  it('keeps a page that says nothing about caching', async () => {
    const { http, kept } = site();
    await http.get('/contact-us').expect(200);
    expect(kept).toEqual(['fast:GET /contact-us']);
  });

  it("never keeps a page that is one visitor's own (no-store or private), such as a form with its idempotency key", async () => {
    for (const cacheControl of ['no-store', 'private, no-cache']) {
      const { http, kept } = site(cacheControl);
      const answer = await http.get('/contact-us').expect(200);
      expect(answer.headers['cache-control']).toBe(cacheControl);
      expect(kept).toEqual([]);
    }
  });
});
