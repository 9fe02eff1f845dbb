import type { MailMessage } from './mail.service.js';

/** Plain-text messages: they read well in every mail client and carry no markup to sanitise. */
export function passwordResetMail(user: { email: string; firstname: string }, link: string): MailMessage {
  return {
    to: user.email,
    subject: 'Reset your password',
    text: [
      `Dear ${user.firstname},`,
      '',
      'Someone (we hope you) asked to reset the password of your account. Open this link within one hour to choose a new one:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}
