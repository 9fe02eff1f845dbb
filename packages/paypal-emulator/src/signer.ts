import { createHash, createHmac } from 'node:crypto';

/** The client id the emulator accepts; there is only one shop. */
export const CLIENT_ID = 'emulator-client-id';
/** The webhook id its events are signed for, as PayPal's dashboard gives one per webhook. */
export const WEBHOOK_ID = 'EMULATOR-WEBHOOK';
export const AUTH_ALGO = 'EMULATOR-HMAC-SHA256';

/**
 * Everything the emulator signs, with one secret: the client secret, access tokens, approve links and webhook
 * transmissions. Every instance given the same secret accepts what any of them signed.
 */
export class Signer {
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = Buffer.from(secret);
  }

  /** Derived, so nobody who does not hold the emulator's secret knows it. */
  get clientSecret(): string {
    return createHmac('sha256', this.secret).update('client-secret').digest('hex');
  }

  sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  /** The key an approve link carries: the order id alone must not let anyone approve an order. */
  approvalKey(orderId: string): string {
    return this.sign(`approve.${orderId}`);
  }

  transmissionSignature(transmissionId: string, time: string, webhookId: string, eventBody: string): string {
    const digest = createHash('sha256').update(eventBody).digest('hex');
    return this.sign(`${transmissionId}|${time}|${webhookId}|${digest}`);
  }
}
