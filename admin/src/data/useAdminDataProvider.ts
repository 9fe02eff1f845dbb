import { useContext, useMemo } from 'react';
import { DataProviderContext, useLogoutIfAccessDenied } from 'react-admin';
import type { AdminDataProvider } from './dataProvider';

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * The data provider for a screen's own actions and reads (`dataProvider.refundDonationAmount(...)`). react-admin's
 * `useDataProvider` signs the person out on a 401 but then answers the call with an empty record, which an action
 * would report as done and a read would show as its data; this one signs out the same way and still fails the call.
 */
export function useAdminDataProvider(): AdminDataProvider {
  const dataProvider = useContext(DataProviderContext) as AdminDataProvider;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(
    () =>
      new Proxy(dataProvider, {
        get(target, name, receiver) {
          const member: unknown = Reflect.get(target, name, receiver);
          if (typeof member !== 'function') return member;
          return (...args: unknown[]) =>
            (member as Method).apply(target, args).catch(async (error: unknown) => {
              await logoutIfAccessDenied(error);
              throw error;
            });
        },
      }),
    [dataProvider, logoutIfAccessDenied],
  );
}
