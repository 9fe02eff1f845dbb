import { Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import { Can } from '../../access/decorators.js';
import { SendingHealth } from './sending-health.entity.js';
import { SendingHealthService } from './sending-health.service.js';

@Resolver(() => SendingHealth)
export class SendingHealthResolver {
  constructor(private readonly health: SendingHealthService) {}

  @Can(PERMISSION.commsSend)
  @Query(() => SendingHealth, { description: 'SPF, DKIM and DMARC of the sending domain, read from DNS now' })
  sendingHealth() {
    return this.health.check();
  }
}
