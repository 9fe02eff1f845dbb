import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/errors';
import { GiftAidDeclarationCreate } from './GiftAidDeclarationScreens';

const api = { recordGiftAidDeclaration: vi.fn(async (_declaration: object) => '31') };

const show = () =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider(api)}>
        <GiftAidDeclarationCreate />
      </AdminContext>
    </MemoryRouter>,
  );

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('recording an oral or paper declaration', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("sends the member's e-mail, how and when it was given, and their name and address", async () => {
    show();
    fill(/Member's account e-mail/, 'lydia@example.org');
    fill(/Given on/, '2026-11-20');
    fill(/^Title/, 'Mrs');
    fill(/First name/, 'Lydia');
    fill(/Last name/, 'Thyatira');
    fill(/House name or number/, '3');
    fill(/Postcode/, 'M1 1AE');
    fireEvent.click(screen.getByRole('button', { name: 'Record declaration' }));
    await waitFor(() =>
      expect(api.recordGiftAidDeclaration).toHaveBeenCalledWith({
        donorEmail: 'lydia@example.org',
        source: 'Oral',
        declaredOn: '2026-11-20',
        scope: 'Enduring',
        title: 'Mrs',
        firstName: 'Lydia',
        lastName: 'Thyatira',
        houseNameOrNumber: '3',
        postcode: 'M1 1AE',
        livesAbroad: false,
      }),
    );
  });

  it("shows the server's refusal", async () => {
    vi.mocked(api.recordGiftAidDeclaration).mockRejectedValueOnce(new ApiError('No member account has this e-mail address', 400, 'BAD_USER_INPUT', { donorEmail: 'No member account has this e-mail address' }));
    show();
    fill(/Member's account e-mail/, 'nobody@example.org');
    fill(/First name/, 'A');
    fill(/Last name/, 'B');
    fill(/House name or number/, '1');
    fill(/Postcode/, 'M1 1AE');
    fireEvent.click(screen.getByRole('button', { name: 'Record declaration' }));
    expect(await screen.findByText('No member account has this e-mail address')).toBeTruthy();
  });
});
