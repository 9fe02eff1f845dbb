import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DateTime } from 'luxon';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Can, CurrentUser } from '../access/decorators.js';
import { AuditService } from '../audit/index.js';
import { AppError } from '../common/app-error.js';
import { csvLine } from '../common/csv.js';
import { ClientIp } from '../common/decorators.js';
import { toId } from '../common/list.js';
import { LONDON } from '../content/index.js';
import { BookingDeskService } from './booking-desk.service.js';

const HEADINGS = ['Reference', 'Status', 'Booker', 'E-mail', 'Places', 'Names', 'Answers', 'Checked in'];

/** The attendees of one occurrence as a spreadsheet for the door or the caterers; each download is on the audit trail. */
@Controller('api/admin')
export class BookingsController {
  constructor(
    private readonly desk: BookingDeskService,
    private readonly audit: AuditService,
  ) {}

  @Can(PERMISSION.eventsManage)
  @Get('bookings.csv')
  async attendees(
    @CurrentUser() caller: AuthUser,
    @ClientIp() address: string,
    @Query('postId') postId: unknown,
    @Query('occurrenceStart') occurrenceStart: unknown,
    @Res() response: Response,
  ) {
    const id = toId(typeof postId === 'string' ? postId : '', 'postId');
    const start = typeof occurrenceStart === 'string' ? new Date(occurrenceStart) : new Date(NaN);
    if (Number.isNaN(start.getTime())) throw AppError.badInput('occurrenceStart', 'occurrenceStart must be a date and time');
    const rows = await this.desk.attendees(id, start);
    await this.audit.record(caller, address, {
      action: 'booking.export',
      recordKind: 'Booking',
      recordIds: rows.map((row) => String(row.id)),
      detail: `post ${id}, ${start.toISOString()}`,
    });
    const lines = rows.map((row) =>
      csvLine([
        row.reference,
        row.status,
        row.bookerName,
        row.email,
        String(row.places),
        row.names.join('; '),
        row.answers.map((answer) => `${answer.label}: ${answer.answer}`).join('; '),
        row.checkedInAt ? DateTime.fromJSDate(row.checkedInAt, { zone: LONDON }).toFormat('yyyy-MM-dd HH:mm') : '',
      ]),
    );
    response
      .type('text/csv; charset=utf-8')
      .setHeader(
        'Content-Disposition',
        `attachment; filename="attendees-${id}-${DateTime.fromJSDate(start, { zone: LONDON }).toFormat('yyyy-MM-dd-HHmm')}.csv"`,
      )
      .setHeader('Cache-Control', 'private, no-store')
      .send(`${[csvLine(HEADINGS), ...lines].join('\r\n')}\r\n`);
  }
}
