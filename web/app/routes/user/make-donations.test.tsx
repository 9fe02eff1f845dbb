import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../../lib/graphql';
import { answerGraphql, fieldError, signIn } from '../../../test/doubles';
import MakeDonations from './make-donations';

function renderDonationForm(reply: GraphqlResult<unknown>) {
  signIn();
  const sent = answerGraphql(() => reply);
  const Stub = createRoutesStub([{ path: '/user/make-donations', Component: MakeDonations }]);
  render(<Stub initialEntries={['/user/make-donations']} />);
  return { user: userEvent.setup(), sent };
}

const amount = () => screen.getByRole('spinbutton', { name: /Amount/ });

describe('the donation form', () => {
  it('asks for an amount before anything is sent', async () => {
    const { user, sent } = renderDonationForm({ data: null });
    await user.click(screen.getByRole('button', { name: 'Donate with PayPal' }));

    expect(await screen.findByText('Please enter the amount you would like to give')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount()));
    expect(sent).toEqual([]);
  });

  it('shows why the server refused the amount beside the field, and lets the member try again', async () => {
    const { user, sent } = renderDonationForm({ errors: [fieldError('amount', 'An amount has at most two decimals')] });
    await user.type(amount(), '10.555');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await user.type(screen.getByRole('textbox', { name: /What is your gift for/ }), ' Building fund ');
    await user.click(screen.getByRole('button', { name: 'Donate with PayPal' }));

    expect(await screen.findByText('An amount has at most two decimals')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount()));
    expect(sent.map((operation) => operation.variables)).toEqual([{ amount: 10.555, currency: 'USD', description: 'Building fund' }]);
    expect(sent[0].token).toBe('member-token');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Donate with PayPal' }).disabled).toBe(false);
  });
});

describe('giving monthly', () => {
  it('sets up a monthly gift with the amount and currency only', async () => {
    const { user, sent } = renderDonationForm({ errors: [fieldError('amount', 'amount must be more than 0')] });
    await user.click(screen.getByRole('radio', { name: 'Give monthly' }));
    expect(screen.queryByRole('textbox', { name: /What is your gift for/ })).toBeNull();
    await user.type(screen.getByRole('spinbutton', { name: /Amount each month/ }), '25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await user.click(screen.getByRole('button', { name: 'Give monthly with PayPal' }));

    expect(await screen.findByText('amount must be more than 0')).toBeTruthy();
    expect(sent.map((operation) => operation.query.match(/mutation (\w+)/)?.[1])).toEqual(['CreateRegularDonation']);
    expect(sent[0].variables).toEqual({ amount: 25, currency: 'USD' });
  });
});
