import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts with an empty browser: no session, no cart, nothing on screen.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
