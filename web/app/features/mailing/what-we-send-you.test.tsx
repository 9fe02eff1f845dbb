import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, fieldError, signIn, type SentOperation } from '../../../test/doubles';
import type { CommunicationPreferences } from './mailing';
import { WhatWeSendYou } from './what-we-send-you';

const NEWS = { id: '3', name: 'Church news', description: 'Once a month', basis: 'Consent' } as const;
const UPDATES = { id: '4', name: 'Supporter updates', description: '', basis: 'CharitableSoftOptIn' } as const;
const PRAYER = { id: '5', name: 'Prayer points', description: '', basis: 'Consent' } as const;

const PREFERENCES: CommunicationPreferences = {
  email: 'priscilla@example.net',
  suppressed: false,
  lists: [
    { list: NEWS, subscribed: true, pending: false, basis: 'Consent', since: '2026-11-02T10:00:00.000Z', wording: 'Send me Church news by e-mail (Once a month). I can unsubscribe at any time.' },
    { list: UPDATES, subscribed: true, pending: false, basis: 'CharitableSoftOptIn', since: '2026-11-03T10:00:00.000Z', wording: 'Send me Supporter updates by e-mail. I can unsubscribe at any time.' },
    { list: PRAYER, subscribed: false, pending: true, basis: null, since: null, wording: 'Send me Prayer points by e-mail. I can unsubscribe at any time.' },
  ],
  history: [
    {
      id: '21',
      listId: '4',
      listName: 'Supporter updates',
      action: 'Given',
      basis: 'CharitableSoftOptIn',
      source: 'Donation',
      wording: 'Do not send me Supporter updates by e-mail. If you leave this unticked we will send it, and every message lets you unsubscribe.',
      at: '2026-11-03T10:00:00.000Z',
      byStaff: false,
    },
  ],
};

function renderPreferences(preferences: CommunicationPreferences, onWrite: (operation: SentOperation) => GraphqlResult<unknown>) {
  signIn();
  const sent = answerGraphql((operation) => (operation.query.startsWith('mutation') ? onWrite(operation) : { data: { myCommunicationPreferences: preferences } }));
  const Stub = createRoutesStub([{ path: '/user/privacy', Component: WhatWeSendYou }]);
  render(<Stub initialEntries={['/user/privacy']} />);
  return { user: userEvent.setup(), sent };
}

const box = (wording: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: wording });

describe('what we send you, in the privacy centre', () => {
  it('ticks the lists we send, says why in words, marks what waits for the e-mailed link, and shows the history in the words shown', async () => {
    renderPreferences(PREFERENCES, () => ({ data: null }));
    const news = await screen.findByRole<HTMLInputElement>('checkbox', { name: PREFERENCES.lists[0].wording });
    expect(news.checked).toBe(true);
    expect(document.getElementById(news.getAttribute('aria-describedby')!)!.textContent).toBe('You asked for this. Since 2 November 2026.');
    const updates = box(PREFERENCES.lists[1].wording);
    expect(document.getElementById(updates.getAttribute('aria-describedby')!)!.textContent).toBe('Sent because you gave or booked; you can stop it any time. Since 3 November 2026.');
    const prayer = box(PREFERENCES.lists[2].wording);
    expect(document.getElementById(prayer.getAttribute('aria-describedby')!)!.textContent).toBe('Waiting for you to confirm by e-mail');
    expect(screen.queryByText(/Your address bounced/)).toBeNull();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '3 November 2026',
      'Supporter updates',
      'Subscribed',
      'Giving form',
      'Do not send me Supporter updates by e-mail. If you leave this unticked we will send it, and every message lets you unsubscribe.',
    ]);
  });

  it('saves every box with Save, and shows what the server then holds', async () => {
    const after: CommunicationPreferences = {
      ...PREFERENCES,
      lists: PREFERENCES.lists.map((preference) => (preference.list.id === '4' ? { ...preference, subscribed: false, basis: null, since: null } : preference)),
    };
    const { user, sent } = renderPreferences(PREFERENCES, () => ({ data: { updateCommunicationPreferences: after } }));
    await user.click(await screen.findByRole('checkbox', { name: PREFERENCES.lists[1].wording }));
    await user.click(screen.getByRole('button', { name: 'Save my e-mail choices' }));

    expect((await screen.findByText('Your choices are saved.')).getAttribute('role')).toBe('status');
    const write = sent.find((operation) => operation.query.includes('updateCommunicationPreferences'))!;
    expect(write.variables).toEqual({
      lists: [
        { listId: '3', ticked: true },
        { listId: '4', ticked: false },
        { listId: '5', ticked: true },
      ],
    });
    expect(write.token).toBe('member-token');
    expect(box(PREFERENCES.lists[1].wording).getAttribute('aria-describedby')).toBeNull();
  });

  it('says what went wrong when the choices could not be saved', async () => {
    const { user } = renderPreferences(PREFERENCES, () => ({ errors: [fieldError('lists', 'There is no such mailing list')] }));
    await user.click(await screen.findByRole('button', { name: 'Save my e-mail choices' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There is no such mailing list');
    expect(document.activeElement).toBe(alert);
  });

  it('says so when the address is suppressed: we send it nothing', async () => {
    renderPreferences({ ...PREFERENCES, suppressed: true }, () => ({ data: null }));
    expect(await screen.findByText('Your address bounced or asked us to stop; we send it nothing.')).toBeTruthy();
  });
});
