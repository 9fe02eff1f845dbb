export { MailingModule } from './mailing.module.js';
export { SubscriptionsService, type MailingChoice } from './lists/subscriptions.service.js';
export { MailingChoiceInput, MAILING_CHOICES_MAX } from './lists/mailing.args.js';
