import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClaimActions } from './ClaimActions';

/** The data provider's claim steps, each recording how it was called. */
const api = {
  submitGiftAidClaim: vi.fn(async () => undefined),
  recordGiftAidPayment: vi.fn(async () => undefined),
  rejectGiftAidClaim: vi.fn(async () => undefined),
  deleteGiftAidClaim: vi.fn(async () => undefined),
};

const show = (status: string) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider(api)}>
        <RecordContextProvider value={{ id: '12', status, taxToReclaim: 12.8, adjustment: 0 }}>
          <ClaimActions />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );

describe("a Gift Aid claim's next step", () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("submits a Draft with HMRC's reference", async () => {
    show('Draft');
    expect(screen.getByText('Status: Draft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/HMRC reference/), { target: { value: 'GA-2026-001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as submitted' }));
    await waitFor(() => expect(api.submitGiftAidClaim).toHaveBeenCalledWith('12', 'GA-2026-001'));
  });

  it('asks before deleting a Draft, with "keep" focused, and deletes only when confirmed', async () => {
    show('Draft');
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft claim?' });
    const keep = within(dialog).getByRole('button', { name: 'No, keep the draft' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteGiftAidClaim).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(api.deleteGiftAidClaim).toHaveBeenCalledWith('12'));
  });

  it('records the payment or the rejection of a Submitted claim, and offers no delete', async () => {
    show('Submitted');
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Amount received/), { target: { value: '12.80' } });
    fireEvent.change(screen.getByLabelText(/Received on/), { target: { value: '2026-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.recordGiftAidPayment).toHaveBeenCalledWith('12', 12.8, '2026-06-01'));
    fireEvent.change(screen.getByLabelText(/Reason HMRC gave/), { target: { value: 'Addresses missing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record rejection' }));
    await waitFor(() => expect(api.rejectGiftAidClaim).toHaveBeenCalledWith('12', 'Addresses missing'));
  });

  it('offers no step on a Paid or Rejected claim, and says a rejected claim’s donations are free again', () => {
    show('Rejected');
    expect(screen.getByText(/free to be claimed again/)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
