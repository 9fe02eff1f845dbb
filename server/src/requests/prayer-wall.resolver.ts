import { Args, ArgsType, Field, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Can, CurrentUser, Public } from '../access/decorators.js';
import { Audited } from '../audit/index.js';
import { ClientIp } from '../common/decorators.js';
import { toId } from '../common/list.js';
import { RateLimit } from '../common/rate-limit.js';
import { PrayerRequest } from './entities/prayer-request.entity.js';
import { PrayerWallService } from './prayer-wall.service.js';
import { PrayerWallPage } from './prayer-wall.types.js';

/** Per address: enough for someone praying down the whole wall, not for a script inflating counts. */
export const PRAYERS_PER_ADDRESS_PER_MINUTE = 30;

@ArgsType()
class PrayerWallArgs {
  @Field(() => Int, { nullable: true, defaultValue: 0, description: '0-based' })
  @IsOptional()
  @IsInt()
  @Min(0)
  page: number;

  @Field(() => Int, { nullable: true, defaultValue: 20 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  perPage: number;
}

@Resolver(() => PrayerWallPage)
export class PrayerWallResolver {
  constructor(private readonly wall: PrayerWallService) {}

  @Public()
  @Query(() => PrayerWallPage, { description: 'Approved wall requests, newest first.' })
  prayerWall(@Args() { page, perPage }: PrayerWallArgs): Promise<PrayerWallPage> {
    return this.wall.page(page ?? 0, perPage ?? 20);
  }

  @Public()
  @RateLimit('pray-for', PRAYERS_PER_ADDRESS_PER_MINUTE, 60)
  @Mutation(() => Int, { description: '"I prayed": counted once a day per member or address; answers the count.' })
  prayFor(@CurrentUser() caller: AuthUser | undefined, @ClientIp() address: string, @Args('id', { type: () => ID }) id: string): Promise<number> {
    return this.wall.prayFor(toId(id), caller, address);
  }

  @Can(PERMISSION.prayerModerate)
  @Audited('care.read', 'PrayerRequest')
  @Mutation(() => PrayerRequest, { description: 'A pastor puts a request on the public wall.' })
  approvePrayerForWall(@Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.wall.approve(toId(id));
  }

  @Can(PERMISSION.prayerModerate)
  @Audited('care.read', 'PrayerRequest')
  @Mutation(() => PrayerRequest, { description: 'Takes a request off the public wall.' })
  removePrayerFromWall(@Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.wall.remove(toId(id));
  }
}
