import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../../access/decorators.js';
import { PayPalWebhookService } from './paypal-webhook.service.js';

/** Where PayPal posts webhook events. Public: the signature, checked with PayPal, is the authentication. */
@Controller('api/paypal')
export class PayPalWebhookController {
  constructor(private readonly webhooks: PayPalWebhookService) {}

  @Public()
  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: Request) {
    // bootstrap.ts keeps this path's body as raw bytes: the signature covers exactly what PayPal sent.
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : undefined;
    return this.webhooks.receive(req.headers, raw);
  }
}
