import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Repository } from 'typeorm';
import { isYearEnd, type PeriodSettings, TAX_YEAR_END } from './accounting-year.js';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from '../database/database-url.js';
import { NotificationListener } from '../database/notification-listener.js';
import { MediaService } from '../media/index.js';
import type { UpdateSiteSettingsArgs } from './site-settings.args.js';
import { CharityType, SiteSettings } from './site-settings.entity.js';

/** The phone number as a `tel:` link, read as a UK number unless it carries its own country code. */
export const phoneUri = (phone: string): string | null => (phone ? (parsePhoneNumberFromString(phone, 'GB')?.getURI() ?? null) : null);

const periodOf = ({ charityType, accountingYearEnd }: SiteSettings): PeriodSettings => ({ charityType, accountingYearEnd });

/**
 * The one row of site settings (created by its migration). A save goes through TypeORM, so the public read
 * cache, which holds the pages and queries that show these details, is emptied at once on every instance.
 */
@Injectable()
export class SiteSettingsService implements OnModuleInit, OnApplicationShutdown {
  private static readonly CHANNEL = 'site_settings';
  /**
   * The charity's type and year end, kept here: every Gift Aid status reads them, and they change once in years.
   * A save here tells every instance (`NOTIFY site_settings`), each reading them again.
   */
  private period: PeriodSettings = { charityType: CharityType.Trust, accountingYearEnd: TAX_YEAR_END };
  private readonly listener: NotificationListener;
  private readonly logger = new Logger('SiteSettings');

  constructor(
    @InjectRepository(SiteSettings) private readonly settings: Repository<SiteSettings>,
    @Inject(DATABASE_URL) url: string,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly media: MediaService,
  ) {
    const reload = () => void this.reloadPeriod().catch((error: Error) => this.logger.warn(`could not read the accounting period: ${error.message}`));
    this.listener = new NotificationListener(url, SiteSettingsService.CHANNEL, { notified: reload, reconnected: reload }, config.databaseConnectTimeoutMs);
  }

  async onModuleInit() {
    await this.reloadPeriod();
    await this.listener.start();
  }

  async onApplicationShutdown() {
    await this.listener.stop();
  }

  get(): Promise<SiteSettings> {
    return this.settings.findOneByOrFail({ id: 1 });
  }

  /** What the Gift Aid periods are counted by, without a query. */
  periodSettings(): PeriodSettings {
    return this.period;
  }

  async update(changes: UpdateSiteSettingsArgs): Promise<SiteSettings> {
    if (changes.phone && !parsePhoneNumberFromString(changes.phone, 'GB')?.isValid()) {
      throw AppError.badInput('phone', 'phone must be a telephone number, e.g. 020 7946 0123');
    }
    const backwards = changes.weeklySchedule?.find((entry) => entry.closes <= entry.opens);
    if (backwards) throw AppError.badInput('weeklySchedule', `${backwards.activity} on ${backwards.day} must close after it opens`);
    if (changes.charityType === null) throw AppError.badInput('charityType', 'charityType cannot be empty');
    if (changes.accountingYearEnd !== undefined && (changes.accountingYearEnd === null || !isYearEnd(changes.accountingYearEnd))) {
      throw AppError.badInput('accountingYearEnd', 'accountingYearEnd must be the last day of the accounting year as MM-DD, e.g. 12-31 (not 29 February)');
    }
    await this.media.assertPodcastArtwork(changes.podcastArtwork, 'podcastArtwork');
    for (const key of ['podcastArtwork', 'podcastAppleUrl', 'podcastSpotifyUrl'] as const) if (changes[key] === '') changes[key] = null;
    const current = await this.get();
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    const saved = await this.settings.save(Object.assign(current, Object.fromEntries(defined)));
    this.period = periodOf(saved);
    await this.settings.query(`NOTIFY ${SiteSettingsService.CHANNEL}`);
    return saved;
  }

  private async reloadPeriod(): Promise<void> {
    // Before the seed has made the row (a fresh database), the defaults above stand.
    const row = await this.settings.findOneBy({ id: 1 });
    if (row) this.period = periodOf(row);
  }
}
