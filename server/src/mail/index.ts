// Sending mail as the rest of the server sees it; every other file of mail/ is its own.
export { MailModule } from './mail.module.js';
export { MailService, type MailMessage } from './mail.service.js';
export { emailChangedMail, emailConfirmationMail, passwordResetMail, signInAttemptsMail } from './templates.js';
