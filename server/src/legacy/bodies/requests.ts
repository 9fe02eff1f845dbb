import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { CreatePrayerRequestArgs } from '../../requests/index.js';
import { RECORD_ID } from '../../common/fields.js';

/** The spec's `POST /api/make-prayer-request {title, body, usersId}`; `usersId` must be the caller. */
export class LegacyPrayerRequestBody extends CreatePrayerRequestArgs {
  @IsOptional()
  @Matches(RECORD_ID, { message: 'usersId must be a member id' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  usersId?: string;
}
