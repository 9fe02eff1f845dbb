import type { GraphqlOptions, GraphqlResult } from './lib/graphql';

/**
 * What the server (server/src/frontends.ts) hands every loader and action. Declared here rather than imported,
 * so the web app never depends on server code.
 */
declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Runs a GraphQL operation in-process with the visitor's own request (guards and rate limits apply);
     * `idempotencyKey` stands for the `Idempotency-Key` header the visitor's form cannot send itself.
     */
    graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, options?: GraphqlOptions): Promise<GraphqlResult<T>>;
    /** The nonce of this response's Content-Security-Policy `script-src`. */
    cspNonce: string;
    /** The site's public origin, e.g. https://example.org (for Open Graph URLs). */
    publicUrl: string;
    /** True while the built-in PayPal emulator takes payments. */
    testPayments: boolean;
    /** The PayPal client id for PayPal's buttons; null when they are not offered. */
    paypalClientId: string | null;
    /** Where PayPal's JS SDK is loaded from when not from PayPal (the emulator's stand-in). */
    paypalSdkUrl: string | null;
  }
}

export {};
