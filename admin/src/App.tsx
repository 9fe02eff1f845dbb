import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { createAuthProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { currentToken } from './auth/session';
import baptismRequests from './baptism-requests';
import { announceUploadWarnings } from './common/uploadWarnings';
import bookOrders from './book-orders';
import books from './books';
import contactEnquiries from './contact-enquiries';
import counsellingRequests from './counselling-requests';
import { Dashboard } from './dashboard/Dashboard';
import { createDataProvider } from './data/dataProvider';
import donations from './donations';
import { i18nProvider } from './i18n';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './layout/theme';
import { legacyRedirectRoutes } from './legacy/legacyRedirects';
import meetingImages from './meeting-images';
import members from './members';
import postCategories from './post-categories';
import posts from './posts';
import prayerRequests from './prayer-requests';
import questions from './questions';
import { SiteSettingsPage } from './site-settings/SiteSettingsPage';
import sliderImages from './slider-images';
import testimonies from './testimonies';
import videos from './videos';
import visitImages from './visit-images';

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
      <Resource name="posts" {...posts} />
      <Resource name="post-categories" {...postCategories} />
      <Resource name="testimonies" {...testimonies} />
      <Resource name="videos" {...videos} />
      <Resource name="slider-images" {...sliderImages} />
      <Resource name="visit-images" {...visitImages} />
      <Resource name="meeting-images" {...meetingImages} />
      <Resource name="books" {...books} />
      <Resource name="contact-enquiries" {...contactEnquiries} />
      <Resource name="questions" {...questions} />
      <Resource name="counselling-requests" {...counsellingRequests} />
      <Resource name="baptism-requests" {...baptismRequests} />
      <Resource name="prayer-requests" {...prayerRequests} />
      <Resource name="donations" {...donations} />
      <Resource name="book-orders" {...bookOrders} />
      <Resource name="members" {...members} />
      <CustomRoutes>
        <Route path="/site-settings" element={<SiteSettingsPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>{legacyRedirectRoutes}</CustomRoutes>
    </Admin>
  );
};
