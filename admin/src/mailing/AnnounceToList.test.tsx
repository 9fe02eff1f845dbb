import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@ministry/shared';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { createMailingApi } from './testApi';

describe('announcing a video to a list', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('offers the lists on the video form, says it is sent once on publication, and saves the list chosen', async () => {
    const api = createMailingApi();
    vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
    saveSession({
      token: 'admin-token',
      user: { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'admin@example.org', role: 'Admin', permissions: [...ROLE_PERMISSIONS.Admin] },
    });
    render(
      <MemoryRouter initialEntries={['/videos/create']}>
        <App />
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 15_000 }), { target: { value: 'Advent reflection' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^YouTube video/ }), { target: { value: 'dQw4w9WgXcQ' } });
    expect(screen.getByText('Sent once, when it is published.')).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^E-mail this to the subscribers of/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Nobody', 'Monthly newsletter', 'Supporters’ news']);
    fireEvent.click(screen.getByRole('option', { name: 'Monthly newsletter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.operation === 'createVideo')).toBeTruthy(), { timeout: 5000 });
    expect(api.calls.find((call) => call.operation === 'createVideo')!.variables).toMatchObject({
      title: 'Advent reflection',
      video: 'dQw4w9WgXcQ',
      announceListId: '1',
    });
  });
});
