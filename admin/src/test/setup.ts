import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The window is shared by the files of a worker (environment.ts): each test leaves it empty, with no session.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
