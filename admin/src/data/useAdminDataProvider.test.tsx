import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SESSION_ENDED } from './errors';
import { useAdminDataProvider } from './useAdminDataProvider';

/** Asks for the care team once and shows what came back, or the failure. */
const CareTeam = () => {
  const dataProvider = useAdminDataProvider();
  const [shown, setShown] = useState('waiting');
  useEffect(() => {
    dataProvider.careTeam().then(
      (team) => setShown(`team of ${team.length}`),
      (error: Error) => setShown(`failed: ${error.message}`),
    );
  }, [dataProvider]);
  return <p>{shown}</p>;
};

const show = (careTeam: () => Promise<unknown>) => {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: vi.fn(async () => undefined),
    checkAuth: async () => undefined,
    checkError: async (error: { status?: number }) => {
      if (error.status === 401) throw new Error(SESSION_ENDED);
    },
    getPermissions: async () => [],
  };
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider({ careTeam })} authProvider={authProvider}>
        <CareTeam />
      </AdminContext>
    </MemoryRouter>,
  );
  return authProvider;
};

describe("the data provider a console screen's own actions use", () => {
  afterEach(cleanup);

  it('answers what the data provider answers', async () => {
    const authProvider = show(async () => [{ id: '7' }, { id: '8' }]);
    expect(await screen.findByText('team of 2')).toBeTruthy();
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('signs the person out when their session has ended, and still fails the call rather than answering empty', async () => {
    const authProvider = show(async () => Promise.reject(new ApiError(SESSION_ENDED, 401)));
    expect(await screen.findByText(`failed: ${SESSION_ENDED}`)).toBeTruthy();
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('keeps the person signed in when the server refuses for another reason', async () => {
    const authProvider = show(async () => Promise.reject(new ApiError('You are not authorised to access this page', 403)));
    expect(await screen.findByText('failed: You are not authorised to access this page')).toBeTruthy();
    expect(authProvider.logout).not.toHaveBeenCalled();
  });
});
