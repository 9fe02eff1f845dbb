import type { Response } from 'express';
import type { AuthUser } from '../access/auth-user.js';

/** What a public answer differs by: who asks (a signed-in caller may see more) and how it is compressed. */
export const VARY = 'Authorization, Cookie, Accept-Encoding';

/**
 * Public reads may be cached by browsers and proxies for a minute (Express adds the ETag); a signed-in
 * caller's answer may hold unpublished records and is never shared.
 */
export function cacheRead(response: Response, caller: AuthUser | undefined) {
  response.setHeader('Cache-Control', caller ? 'private, no-cache' : 'public, max-age=60');
  response.setHeader('Vary', VARY);
}
