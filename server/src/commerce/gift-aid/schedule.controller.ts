import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { AuditService } from '../../audit/index.js';
import { ClientIp } from '../../common/decorators.js';
import { toId } from '../../common/list.js';
import { AppError } from '../../common/app-error.js';
import { GiftAidClaimReader } from './claim-reader.service.js';
import { ROWS_PER_CLAIM, scheduleCsv, scheduleOds } from './schedule.js';

const TYPES = { csv: 'text/csv; charset=utf-8', ods: 'application/vnd.oasis.opendocument.spreadsheet' } as const;

/**
 * A claim's schedule: `schedule.ods`, HMRC's template as HMRC takes it (Box 1, Box 2 and the rows), or
 * `schedule.csv`, its nine columns to paste. A claim holds at most 1,000 rows, so each is one file; a `?part=`
 * left from when a claim could be several files is ignored.
 */
@Controller('api/gift-aid/claims')
export class GiftAidScheduleController {
  constructor(
    private readonly claims: GiftAidClaimReader,
    private readonly audit: AuditService,
  ) {}

  @Can(PERMISSION.financeRead)
  @Get(':id/schedule.:format')
  async schedule(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Param('id') claimId: string, @Param('format') format: string, @Res() response: Response) {
    const id = toId(claimId);
    if (format !== 'csv' && format !== 'ods') throw AppError.notFound('The schedule');
    const sheet = await this.claims.scheduleSheet(id);
    if (format === 'ods' && sheet.rows.length > ROWS_PER_CLAIM) {
      throw new AppError('CONFLICT', `This claim was made with ${sheet.rows.length} rows, before a claim held at most ${ROWS_PER_CLAIM}: HMRC's sheet cannot hold it; download its CSV`);
    }
    // The file names donors and their addresses: each download is on the audit trail.
    await this.audit.record(caller, address, { action: 'export.csv', recordKind: 'GiftAidClaim', recordIds: [String(id)], detail: `schedule.${format}` });
    response
      .type(TYPES[format])
      .setHeader('Content-Disposition', `attachment; filename="gift-aid-claim-${id}.${format}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(format === 'csv' ? scheduleCsv(sheet.rows) : await scheduleOds(sheet));
  }
}
