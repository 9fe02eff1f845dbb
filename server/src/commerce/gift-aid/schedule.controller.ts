import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { AuditService } from '../../audit/audit.service.js';
import { ClientIp } from '../../common/decorators.js';
import { toId } from '../../common/list.js';
import { AppError } from '../../common/app-error.js';
import { GiftAidClaimService } from './claim.service.js';
import { partCount, rowsOfPart, scheduleCsv, scheduleOds } from './schedule.js';

const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', write: scheduleCsv },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', write: scheduleOds },
} as const;

/**
 * A claim's schedule, as HMRC's Charities Online takes it: at most 1,000 rows a file. A claim of more rows is
 * several files, `?part=1`, `?part=2`…; asking without `part` for such a claim answers 300 with their paths.
 */
@Controller('api/gift-aid/claims')
export class GiftAidScheduleController {
  constructor(
    private readonly claims: GiftAidClaimService,
    private readonly audit: AuditService,
  ) {}

  @Can('finance:read')
  @Get(':id/schedule.:format')
  async schedule(
    @CurrentUser() caller: AuthUser,
    @ClientIp() address: string,
    @Param('id') claimId: string,
    @Param('format') format: string,
    @Query('part') part: string | undefined,
    @Res() response: Response,
  ) {
    const id = toId(claimId);
    if (format !== 'csv' && format !== 'ods') throw AppError.notFound('The schedule');
    const rows = await this.claims.scheduleRows(id);
    const parts = partCount(rows.length);
    if (part === undefined && parts > 1) {
      const files = Array.from({ length: parts }, (_, index) => `/api/gift-aid/claims/${id}/schedule.${format}?part=${index + 1}`);
      response.status(300).json({ parts: files });
      return;
    }
    const number = part === undefined ? 1 : Number(part);
    if (!Number.isInteger(number) || number < 1 || number > parts) throw AppError.badInput('part', `part must be a whole number from 1 to ${parts}`);
    const suffix = parts > 1 ? `-part-${number}` : '';
    // The file names donors and their addresses: each download is on the audit trail.
    await this.audit.record(caller, address, { action: 'export.csv', recordKind: 'GiftAidClaim', recordIds: [String(id)], detail: `schedule.${format}${suffix}` });
    response
      .type(FORMATS[format].type)
      .setHeader('Content-Disposition', `attachment; filename="gift-aid-claim-${id}${suffix}.${format}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(FORMATS[format].write(rowsOfPart(rows, number)));
  }
}
