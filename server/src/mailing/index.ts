export { MailingModule } from './mailing.module.js';
