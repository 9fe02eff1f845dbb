import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';

/**
 * The address this process listens on, as seen from itself (`http://127.0.0.1:3000`): the PayPal client
 * reaches the built-in emulator there, and the emulator delivers webhooks there. Unlike PUBLIC_URL it never
 * goes through a proxy, and it is only known once the server listens, so it is read on every call.
 */
@Injectable()
export class OwnOrigin {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  get(): string {
    const address = this.adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null | undefined;
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port yet');
    const wildcard = address.address === '0.0.0.0' || address.address === '::' || address.address === '';
    const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
}
