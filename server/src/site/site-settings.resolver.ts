import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Public, Can } from '../access/decorators.js';
import { UpdateSiteSettingsArgs } from './site-settings.args.js';
import { SiteSettings } from './site-settings.entity.js';
import { phoneUri, SiteSettingsService } from './site-settings.service.js';

@Resolver(() => SiteSettings)
export class SiteSettingsResolver {
  constructor(private readonly settings: SiteSettingsService) {}

  @Public()
  @Query(() => SiteSettings, { description: 'The organisation’s details, shown across the site' })
  siteSettings() {
    return this.settings.get();
  }

  @Can('settings:write')
  @Mutation(() => SiteSettings, { description: 'Admins: changes the fields sent, keeps the others' })
  updateSiteSettings(@Args() changes: UpdateSiteSettingsArgs) {
    return this.settings.update(changes);
  }

  @ResolveField(() => String, { nullable: true, description: 'The phone number as a tel: link' })
  phoneUri(@Parent() settings: SiteSettings) {
    return phoneUri(settings.phone);
  }
}
