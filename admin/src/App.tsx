import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { createAuthProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { currentToken } from './auth/session';
import { announceUploadWarnings } from './common/uploadWarnings';
import { Dashboard } from './dashboard/Dashboard';
import { createDataProvider } from './data/dataProvider';
import { i18nProvider } from './i18n';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './layout/theme';
import { legacyRedirectRoutes } from './legacy/legacyRedirects';
import { NotAvailable } from './layout/NotAvailable';
import { ADMIN_RESOURCES, pagesFor, resourcesFor } from './resources';
import type { Permissions } from './auth/permissions';

/**
 * The admin console. It lives inside a BrowserRouter whose basename is /admin (see main.tsx), so its
 * screens have plain URLs such as /admin/posts/12. Only the screens the signed-in person's permissions allow
 * are registered; any other address shows NotAvailable.
 */
export const App = () => {
  const authProvider = useMemo(() => createAuthProvider(), []);
  const dataProvider = useMemo(() => createDataProvider({ resources: ADMIN_RESOURCES, getToken: currentToken, onUploadWarnings: announceUploadWarnings }), []);
  return (
    <Admin
      title="Ministry admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={AdminLayout}
      theme={theme}
      darkTheme={null}
      catchAll={NotAvailable}
      disableTelemetry
      requireAuth
    >
      {(permissions: Permissions) => (
        <>
          {resourcesFor(permissions).map(({ name, screens }) => (
            <Resource key={name} name={name} {...screens} />
          ))}
          <CustomRoutes>
            {pagesFor(permissions).map(({ to, page: Page }) => (
              <Route key={to} path={to} element={<Page />} />
            ))}
          </CustomRoutes>
        </>
      )}
      <CustomRoutes noLayout>{legacyRedirectRoutes}</CustomRoutes>
    </Admin>
  );
};
