export { MailingModule } from './mailing.module.js';
export { SubscriptionsService, type MailingChoice } from './lists/subscriptions.service.js';
export { MailingChoiceInput, MailingChoicesField } from './lists/mailing.args.js';
