import { DynamicModule, Module } from '@nestjs/common';
import { ContentModule } from '../content/index.js';
import { MediaModule } from '../media/index.js';
import { RequestsModule } from '../requests/index.js';
import { LegacyAuthController } from './auth.controller.js';
import { LegacyCommerceController } from './commerce.controller.js';
import { LegacyContentMediaController } from './content-media.controller.js';
import { LegacyContentController } from './content.controller.js';
import { LegacyRequestsController } from './requests.controller.js';

/**
 * The legacy `/api/*` contract (spec section 7) as one adapter over the feature modules: it imports them, none of
 * them imports it. `auth` and `commerce` are the application's own AuthModule and CommerceModule, passed in so each
 * has one instance.
 */
@Module({})
export class LegacyModule {
  static forRoot(auth: DynamicModule, commerce: DynamicModule): DynamicModule {
    return {
      module: LegacyModule,
      imports: [auth, ContentModule, MediaModule, RequestsModule, commerce],
      controllers: [LegacyAuthController, LegacyContentController, LegacyContentMediaController, LegacyRequestsController, LegacyCommerceController],
    };
  }
}
