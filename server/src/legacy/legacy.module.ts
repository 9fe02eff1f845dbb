import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
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
 * them imports it. `commerce` is the application's own CommerceModule, passed in so both share one instance.
 */
@Module({})
export class LegacyModule {
  static forRoot(commerce: DynamicModule): DynamicModule {
    return {
      module: LegacyModule,
      imports: [AuthModule, ContentModule, MediaModule, RequestsModule, commerce],
      controllers: [LegacyAuthController, LegacyContentController, LegacyContentMediaController, LegacyRequestsController, LegacyCommerceController],
    };
  }
}
