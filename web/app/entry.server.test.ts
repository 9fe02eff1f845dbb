import { describe, expect, it } from 'vitest';
import { handleDataRequest } from './entry.server';

const dataAnswer = (path: string) =>
  handleDataRequest(new Response('[]', { headers: { 'Cache-Control': 'no-cache' } }), { request: new Request(`http://site.test${path}`) });

describe("a page's data for a navigation in the browser", () => {
  it('is never stored when the address carries a token', () => {
    expect(dataAnswer('/reset-password.data?token=abc123&_routes=routes%2Freset-password').headers.get('cache-control')).toBe('no-store');
  });

  it('keeps its own caching otherwise', () => {
    expect(dataAnswer('/blog.data?page=2').headers.get('cache-control')).toBe('no-cache');
  });
});
