import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsEditor } from '../test/sermonConsole';

describe('sermon series', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists each series with its number of sermons, and says the sermons stay before deleting one', async () => {
    const api = openAsEditor('/sermon-series');
    const row = (await screen.findByText('Signs of Life', undefined, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('1')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this series?')).toBeTruthy();
    expect(within(dialog).getByText(/^Its sermons stay on the website and in the podcast/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.series).toEqual([]), { timeout: 5000 });
  });
});
