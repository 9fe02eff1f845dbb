import type { MailMessage } from './mail.service.js';

/** Plain-text messages: they read well in every mail client and carry no markup to sanitise. */
export function signInAttemptsMail(user: { email: string; firstname: string }, failures: number, publicUrl: string): MailMessage {
  return {
    to: user.email,
    subject: 'Someone is trying to sign in to your account',
    text: [
      `Dear ${user.firstname},`,
      '',
      `A wrong password has been given for your account ${failures} times in the last hour. Your account is not locked:`,
      'you can still sign in as usual, and further attempts by anyone else are slowed down.',
      '',
      'If this was not you, choose a new password that you use nowhere else: ask for a reset link here.',
      '',
      `${publicUrl}/password`,
    ].join('\n'),
  };
}

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
