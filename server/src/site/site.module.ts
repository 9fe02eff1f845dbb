import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import { ContentModule, Video } from '../content/index.js';
import { MediaModule } from '../media/index.js';
import { CalendarService } from './calendar.service.js';
import { PodcastService } from './podcast.service.js';
import { PublishingController } from './publishing.controller.js';
import { PublishingService } from './publishing.service.js';
import { SiteSettings } from './site-settings.entity.js';
import { SiteSettingsResolver } from './site-settings.resolver.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The organisation's details that volunteers edit, and what the site publishes from them. */
@Module({
  imports: [TypeOrmModule.forFeature([SiteSettings, Video]), ContentModule, MediaModule, AuditModule],
  controllers: [PublishingController],
  providers: [SiteSettingsService, SiteSettingsResolver, PublishingService, CalendarService, PodcastService],
  exports: [SiteSettingsService],
})
export class SiteModule {}
