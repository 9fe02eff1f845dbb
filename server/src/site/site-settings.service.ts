import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Repository } from 'typeorm';
import { AppError } from '../common/app-error.js';
import type { UpdateSiteSettingsArgs } from './site-settings.args.js';
import { SiteSettings } from './site-settings.entity.js';

/** The phone number as a `tel:` link, read as a UK number unless it carries its own country code. */
export const phoneUri = (phone: string): string | null => (phone ? (parsePhoneNumberFromString(phone, 'GB')?.getURI() ?? null) : null);

/**
 * The one row of site settings (created by its migration). A save goes through TypeORM, so the public read
 * cache, which holds the pages and queries that show these details, is emptied at once on every instance.
 */
@Injectable()
export class SiteSettingsService {
  constructor(@InjectRepository(SiteSettings) private readonly settings: Repository<SiteSettings>) {}

  get(): Promise<SiteSettings> {
    return this.settings.findOneByOrFail({ id: 1 });
  }

  async update(changes: UpdateSiteSettingsArgs): Promise<SiteSettings> {
    if (changes.phone && !parsePhoneNumberFromString(changes.phone, 'GB')?.isValid()) {
      throw AppError.badInput('phone', 'phone must be a telephone number, e.g. 020 7946 0123');
    }
    const backwards = changes.weeklySchedule?.find((entry) => entry.closes <= entry.opens);
    if (backwards) throw AppError.badInput('weeklySchedule', `${backwards.activity} on ${backwards.day} must close after it opens`);
    const current = await this.get();
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    return this.settings.save(Object.assign(current, Object.fromEntries(defined)));
  }
}
