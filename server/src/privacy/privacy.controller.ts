import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser } from '../access/decorators.js';
import { ClientIp } from '../common/decorators.js';
import { SiteSettingsService } from '../site/index.js';
import { personalDataPage } from './personal-data.js';
import { PrivacyService } from './privacy.service.js';

/** The member's data as a download: JSON, or (`?format=html`) a page to read and print. */
@Controller('api/me')
export class PrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly settings: SiteSettingsService,
  ) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Query('format') format: string | undefined, @Res() response: Response) {
    const data = await this.privacy.ownData({ actor: caller, address });
    response.setHeader('Cache-Control', 'private, no-store');
    if (format === 'html') {
      const { name } = await this.settings.get();
      response.attachment('my-data.html').type('html').send(personalDataPage(data, name || 'the church'));
      return;
    }
    response.attachment('my-data.json').type('json').send(JSON.stringify(data, null, 2));
  }
}
