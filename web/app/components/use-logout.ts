import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { browserGraphql } from '../lib/graphql';
import { clearLocalState, getSession } from '../lib/session';

/** Logout (spec §4): the server ends the token, local state is cleared, and the visitor lands on /home. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Best effort: a token the server already refuses must not keep anyone signed in locally.
    if (getSession().token) await browserGraphql().request('mutation Logout { logout }');
    clearLocalState();
    await navigate('/home');
  }, [navigate]);
}
