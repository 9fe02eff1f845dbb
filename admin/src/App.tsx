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
import { ADMIN_PAGES, ADMIN_RESOURCES } from './resources';

/**
 * The admin console. It lives inside a BrowserRouter whose basename is /admin (see main.tsx), so its
 * screens have plain URLs such as /admin/posts/12.
 */
export const App = () => {
  const authProvider = useMemo(() => createAuthProvider(), []);
  const dataProvider = useMemo(() => createDataProvider({ getToken: currentToken, onUploadWarnings: announceUploadWarnings }), []);
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
      disableTelemetry
      requireAuth
    >
      {ADMIN_RESOURCES.map(({ name, screens }) => (
        <Resource key={name} name={name} {...screens} />
      ))}
      <CustomRoutes>
        {ADMIN_PAGES.map(({ to, page: Page }) => (
          <Route key={to} path={to} element={<Page />} />
        ))}
      </CustomRoutes>
      <CustomRoutes noLayout>{legacyRedirectRoutes}</CustomRoutes>
    </Admin>
  );
};
