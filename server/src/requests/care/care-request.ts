import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { REQUEST_KIND, type RequestKindName } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';
import { PrayerPrivacy } from '../prayer-privacy.js';
import { RequestStatus } from '../request-status.js';

/** The kinds of request the care inbox gathers (the shared list); each value is its GraphQL type's name. */
export const CareKind = REQUEST_KIND;
export type CareKind = RequestKindName;

registerEnumType(CareKind, { name: 'CareKind' });

/** One request of any kind, as the inbox lists it. Its id joins kind and record id: `PrayerRequest-12`. */
@ObjectType()
export class CareRequest {
  @Field(() => ID)
  id: string;

  @Field(() => CareKind)
  kind: CareKind;

  @Field(() => ID, { description: 'The id in its own kind\'s list (ContactEnquiry(id) and so on).' })
  recordId: number;

  @Field(() => RequestStatus)
  status: RequestStatus;

  @Field({ description: 'Prayer title, contact reason, or the first words of a question or counselling request.' })
  subject: string;

  @Field({ description: "The sender's name (a question's sender is known by e-mail only)." })
  requesterName: string;

  @Field(() => String, { nullable: true, description: 'Only for staff allowed contact details.' })
  requesterEmail: string | null;

  @Field(() => String, { nullable: true, description: 'Only for staff allowed contact details.' })
  requesterPhone: string | null;

  @Field({ description: 'What the sender wrote.' })
  message: string;

  @Field(() => PrayerPrivacy, { nullable: true, description: 'Prayer requests only.' })
  privacy: PrayerPrivacy | null;

  @Field(() => ID, { nullable: true })
  assigneeId: number | null;

  @Field()
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastReplyAt: Date | null;

  @Field({ description: 'Not closed, and no reply two days after it came.' })
  overdue: boolean;
}

/** `PrayerRequest-12` to its kind and record id; anything else is a clear 400. */
export function parseCareId(id: string, field = 'id'): { kind: CareKind; recordId: number } {
  const match = /^([A-Za-z]+)-([1-9]\d{0,14})$/.exec(id);
  // Object.hasOwn, not `in`: `constructor-1` must not find Object.prototype's constructor.
  if (!match || !Object.hasOwn(CareKind, match[1])) throw AppError.badInput(field, `${field} must be a care request id such as PrayerRequest-12`);
  return { kind: match[1] as CareKind, recordId: Number(match[2]) };
}

export const careId = (kind: string, recordId: number): string => `${kind}-${recordId}`;
