import { DiscoveryService } from '@nestjs/core';

/**
 * Marks a provider as one feature's source of personal data (the contract is `PersonalDataContribution` in
 * privacy/). It lives here, apart from privacy/, because privacy/ imports the features that carry the mark.
 */
export const PersonalDataSource = DiscoveryService.createDecorator<void>();
