import type { MailMessage } from '../../mail/index.js';

/** The double opt-in: nothing of the list is sent before this link is opened. */
export function confirmSubscriptionMail(to: string, listName: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your subscription to ${listName}`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked for ${listName} to be sent to this address. To confirm, open this link within 7 days and press the button on the page:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: we will send you nothing.',
    ].join('\n'),
  };
}
