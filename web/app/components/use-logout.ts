import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchGraphql } from '../lib/graphql';
import { clearLocalState, getSession } from '../lib/session';

/** Logout (spec §4): the server ends the token, local state is cleared, and the visitor lands on /home. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { token } = getSession();
    // Best effort: a token the server already refuses must not keep anyone signed in locally.
    if (token) await fetchGraphql('mutation Logout { logout }', {}, token);
    clearLocalState();
    await navigate('/home');
  }, [navigate]);
}
