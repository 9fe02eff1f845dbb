import { Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../../access/decorators.js';
import { AppError } from '../../common/app-error.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { escapeHtml } from '../../common/escape-html.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5"><h1>${title}</h1>${body}</body></html>`;

/**
 * The `List-Unsubscribe` URL of every marketing message (RFC 8058). A mail program's one-click POST
 * (`List-Unsubscribe=One-Click`, no cookie, no sign-in) unsubscribes at once. A GET, which link checkers and
 * security scanners send unasked, only shows a button that posts the same thing.
 */
@Controller('api/mail')
export class UnsubscribeController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async oneClick(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response) {
    // RFC 8058 §3.2: the POST carries this body; a bare POST (a prefetcher, a scanner) unsubscribes nobody.
    if ((req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] !== 'One-Click') {
      throw AppError.badInput('List-Unsubscribe', 'A one-click unsubscribe posts List-Unsubscribe=One-Click');
    }
    const list = await this.subscriptions.unsubscribeByToken(this.tokenOf(token));
    const text = `You are unsubscribed from ${list.name}. We will send you no more of its e-mails.`;
    // A mail program posts and reads nothing; a person who pressed the GET page's button reads a page.
    if (req.accepts(['text/plain', 'text/html']) === 'text/html') res.type('html').send(page('Unsubscribed', `<p>${escapeHtml(text)}</p>`));
    else res.type('text/plain').send(text);
  }

  @Public()
  @Get('unsubscribe')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
  confirmPage(@Query('token') token: unknown, @Res() res: Response) {
    const valid = this.tokenOf(token);
    const form =
      `<p>Press the button to stop receiving this list’s e-mails. Nothing else changes.</p>` +
      `<form method="post" action="?token=${encodeURIComponent(valid)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="font-size: 1.1rem; padding: 0.6rem 1.2rem">Unsubscribe</button></form>`;
    res.type('html').send(page('Unsubscribe', form));
  }

  /** A token we signed for unsubscribing, or a 400: a page with a button is not shown for a made-up link. */
  private tokenOf(token: unknown): string {
    if (typeof token !== 'string' || !this.subscriptions.isUnsubscribeToken(token)) throw AppError.badInput('token', 'This unsubscribe link is not valid');
    return token;
  }
}
