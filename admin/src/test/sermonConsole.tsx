import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@ministry/shared';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { createSermonApi } from './sermonApi';

/** The console at `path`, signed in as an Editor, over the in-memory sermon API it answers. */
export function openAsEditor(path: string, options?: Parameters<typeof createSermonApi>[0]) {
  const api = createSermonApi(options);
  vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
  saveSession({
    token: 'editor-token',
    user: { id: '5', firstname: 'Ruth', lastname: 'Mensah', email: 'editor@example.org', role: 'Editor', permissions: [...ROLE_PERMISSIONS.Editor] },
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return api;
}
