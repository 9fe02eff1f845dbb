import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Public, Can, CurrentUser } from '../access/decorators.js';
import { AuditService } from '../audit/index.js';
import { ClientIp } from '../common/decorators.js';
import { UpdateSiteSettingsArgs } from './site-settings.args.js';
import { SiteSettings } from './site-settings.entity.js';
import { phoneUri, SiteSettingsService } from './site-settings.service.js';

@Resolver(() => SiteSettings)
export class SiteSettingsResolver {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly audit: AuditService,
  ) {}

  @Public()
  @Query(() => SiteSettings, { description: 'The organisation’s details, shown across the site' })
  siteSettings() {
    return this.settings.get();
  }

  @Can(PERMISSION.settingsWrite)
  @Mutation(() => SiteSettings, { description: 'Admins: changes the fields sent, keeps the others' })
  async updateSiteSettings(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() changes: UpdateSiteSettingsArgs) {
    const saved = await this.settings.update(changes);
    // The charity's type and year end decide every gift's Gift Aid deadline and aggregation period.
    if (changes.charityType !== undefined || changes.accountingYearEnd !== undefined) {
      await this.audit.record(caller, ip, { action: 'site.gift-aid-period', detail: `${saved.charityType}, year ending ${saved.accountingYearEnd}` });
    }
    return saved;
  }

  @ResolveField(() => String, { nullable: true, description: 'The phone number as a tel: link' })
  phoneUri(@Parent() settings: SiteSettings) {
    return phoneUri(settings.phone);
  }
}
