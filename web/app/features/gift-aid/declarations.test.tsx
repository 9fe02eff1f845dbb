import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerGraphql, signIn, type SentOperation } from '../../../test/doubles';
import { GiftAidDeclarations } from './declarations';

const DECLARATION = {
  id: '5',
  version: 1,
  scope: 'Enduring',
  title: 'Sister',
  firstName: 'Priscilla',
  lastName: 'Aquila',
  houseNameOrNumber: '1',
  postcode: 'SW1A 1AA',
  livesAbroad: false,
  wording: 'I want to Gift Aid any donations I make in the future or have made in the past 4 years to Grace Church.',
  effectiveFrom: '2022-11-25',
  createdAt: '2026-11-25T10:00:00.000Z',
  cancelledAt: null,
  supersededAt: null,
};

function renderDeclarations() {
  signIn();
  const sent = answerGraphql((operation) =>
    operation.query.includes('cancelGiftAidDeclaration')
      ? { data: { cancelGiftAidDeclaration: { ...DECLARATION, cancelledAt: '2026-11-25T12:00:00.000Z' } } }
      : { data: { myGiftAidDeclarations: [DECLARATION] } },
  );
  const Stub = createRoutesStub([{ path: '/user/giving', Component: GiftAidDeclarations }]);
  render(<Stub initialEntries={['/user/giving']} />);
  return { user: userEvent.setup(), sent };
}

const cancels = (sent: SentOperation[]) => sent.filter((operation) => operation.query.includes('cancelGiftAidDeclaration'));

describe('cancelling a Gift Aid declaration', () => {
  it('asks first, with the safe choice focused, and keeping it changes nothing', async () => {
    const { user, sent } = renderDeclarations();
    const ask = await screen.findByRole('button', { name: 'Cancel this declaration' });
    await user.click(ask);

    const keep = screen.getByRole('button', { name: 'No, keep it' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(screen.getByRole('group', { name: /^Cancel this declaration\? We will not claim Gift Aid on gifts you make from now on/ })).toBeTruthy();
    await user.keyboard('{Enter}');

    expect(cancels(sent)).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel this declaration' })));
  });

  it('cancels on confirmation, moves focus to the result and announces it', async () => {
    const { user, sent } = renderDeclarations();
    await user.click(await screen.findByRole('button', { name: 'Cancel this declaration' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));

    const item = screen.getByRole('listitem', { name: 'Enduring declaration, version 1' });
    const status = await within(item).findByText('Cancelled on 25 November 2026');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.getByRole('status').textContent).toMatch(/^Your Gift Aid declaration was cancelled on 25 November 2026\./);
    expect(cancels(sent).map((operation) => operation.variables)).toEqual([{ id: '5' }]);
    expect(screen.queryByRole('button', { name: 'Cancel this declaration' })).toBeNull();
  });
});
