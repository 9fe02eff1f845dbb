import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelForDonor } from './CancelForDonor';

const api = { cancelGiftAidDeclarationForDonor: vi.fn(async () => undefined) };

const show = (status: string) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider(api)}>
        <RecordContextProvider value={{ id: '9', status, effectiveFrom: '2025-01-01' }}>
          <CancelForDonor />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );

describe('recording a cancellation the donor sent', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('asks first with "go back" focused, and records nothing when they go back', async () => {
    show('InForce');
    fireEvent.click(screen.getByRole('button', { name: 'Record cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this cancellation?' });
    const back = within(dialog).getByRole('button', { name: 'No, go back' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.cancelGiftAidDeclarationForDonor).not.toHaveBeenCalled();
  });

  it('records the day, how the donor told us and the note once confirmed', async () => {
    show('Superseded');
    const group = screen.getByRole('form', { name: 'Record a cancellation from the donor' });
    fireEvent.change(within(group).getByLabelText(/Takes effect on/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(group).getByLabelText(/Note/), { target: { value: 'Letter of 28 February' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Record cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this cancellation?' });
    expect(dialog.textContent).toContain('The donor told us in writing (letter). From 2026-03-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, record it' }));
    await waitFor(() => expect(api.cancelGiftAidDeclarationForDonor).toHaveBeenCalledWith('9', { cancelledOn: '2026-03-01', method: 'Written', note: 'Letter of 28 February' }));
  });

  it('offers nothing on a cancelled declaration', () => {
    show('Cancelled');
    expect(screen.queryByRole('button', { name: 'Record cancellation' })).toBeNull();
  });
});
