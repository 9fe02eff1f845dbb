import { randomBytes, randomUUID } from 'node:crypto';
import { safeEqual, type Answer } from './answers.js';
import type { Store } from './database/store.js';
import { CLIENT_ID, type Signer } from './signer.js';

/**
 * `POST /v1/oauth2/token` (client credentials) and the bearer check of every other API call. A token carries
 * its expiry and is signed, so any instance can check it without looking it up.
 */
export class OAuth {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
  ) {}

  async issueToken(authorization: string | undefined, grantType: unknown): Promise<Answer> {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${this.signer.clientSecret}`).toString('base64')}`;
    if (!authorization || !safeEqual(authorization, expected)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (grantType !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' } };
    }
    const lifetimeSeconds = await this.store.tokenIssued();
    const expiresAt = Date.now() + lifetimeSeconds * 1000;
    const payload = `${expiresAt}.${randomBytes(6).toString('hex')}`;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: `EMU.${payload}.${this.signer.sign(payload)}`,
        token_type: 'Bearer',
        app_id: 'APP-EMULATOR',
        expires_in: lifetimeSeconds,
        nonce: randomUUID(),
      },
    };
  }

  /** A 401 answer when the bearer token is missing, forged or expired; undefined when it is good. */
  checkToken(authorization: string | undefined): Answer | undefined {
    const match = /^Bearer EMU\.((\d+)\.[0-9a-f]+)\.([\w-]+)$/.exec(authorization ?? '');
    if (!match || !safeEqual(match[3], this.signer.sign(match[1]))) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
    }
    if (Number(match[2]) <= Date.now()) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Access Token has expired' } };
    }
    return undefined;
  }

  setTokenLifetime(seconds: number): Promise<void> {
    return this.store.setTokenLifetime(seconds);
  }
}
