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

/** The link that proves an address is the member's: sent on registration, on request, and to a new address. */
export function emailConfirmationMail(to: string, firstname: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: [
      `Dear ${firstname},`,
      '',
      'Please confirm that this e-mail address belongs to you: open this link within 24 hours and press the button on the page.',
      '',
      link,
      '',
      'If you did not create an account with us or ask to use this address, do not open the link. Ignore this message and nothing changes.',
    ].join('\n'),
  };
}

/** Tells the old address that the account now uses another: the owner learns of a change they did not make. */
export function emailChangedMail(to: string, firstname: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your e-mail address has been changed',
    text: [
      `Dear ${firstname},`,
      '',
      'The e-mail address of your account has just been changed, and confirmed from the new address. From now on you sign in with the new address and we write to it.',
      '',
      'If you did not do this, please contact us straight away:',
      '',
      `${publicUrl}/contact-us`,
    ].join('\n'),
  };
}
