import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@ministry/shared';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { createMailingApi } from './testApi';

/** The console at `path`, signed in as the Communications team, over the in-memory mailing API it answers. */
export function openAsCommunications(path: string, options?: Parameters<typeof createMailingApi>[0]) {
  const api = createMailingApi(options);
  vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
  saveSession({
    token: 'comms-token',
    user: {
      id: '5',
      firstname: 'Lois',
      lastname: 'Mensah',
      email: 'comms@example.org',
      role: 'Communications',
      permissions: [...ROLE_PERMISSIONS.Communications],
    },
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return api;
}
