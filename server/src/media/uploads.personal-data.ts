import { Injectable } from '@nestjs/common';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { PersonalDataContribution } from '../privacy/index.js';

/**
 * Uploaded images record which account uploaded them. The images are the site's content, re-encoded without
 * their metadata (no camera, no place), so they stay through an erasure; the account id then names nobody.
 */
@PersonalDataSource()
@Injectable()
export class UploadsPersonalData implements PersonalDataContribution {
  readonly tables = ['uploads'];

  async export() {
    return {};
  }

  async erase() {}
}
