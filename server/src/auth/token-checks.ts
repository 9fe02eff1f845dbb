import type { JwtService } from '@nestjs/jwt';
import type { IncomingMessage } from 'node:http';
import type { TokenChecks } from '../http-cache/callers.js';
import type { AuthService, JwtPayload } from './auth.service.js';

/** The scheme and the value of an `Authorization` header, read as Passport's bearer extraction read it. */
const AUTHORIZATION = /(\S+)\s+(\S+)/;

/** The bearer token of a request, any letter case of the scheme; null without one. */
export function bearerTokenOf(req: IncomingMessage): string | null {
  const parts = req.headers.authorization?.match(AUTHORIZATION);
  return parts && parts[1].toLowerCase() === 'bearer' ? parts[2] : null;
}

/**
 * Tokens checked as they are signed: HS256, our issuer, not expired (the module's verify options). A failed check
 * builds an error, but only for a token that fails: the secret is a key object, so a valid one builds none.
 */
export const tokenChecks = (jwt: JwtService, auth: AuthService): TokenChecks => ({
  tokenOf: bearerTokenOf,
  session: (token) => {
    try {
      const payload = jwt.verify<JwtPayload>(token);
      return { userId: payload.sub, version: payload.ver };
    } catch {
      return undefined;
    }
  },
  user: ({ userId, version }) => auth.userForToken({ sub: userId, ver: version }),
});
