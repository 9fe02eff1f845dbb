import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, type AppBarProps } from 'react-admin';
import { useSignInNotice } from '../auth/signInNotice';
import { useUploadWarnings } from '../common/uploadWarnings';
import { AdminMenu } from './AdminMenu';

/** The app bar, whose title (each screen's `<Title>`) is the page's h1. */
const AdminAppBar = (props: AppBarProps) => (
  <AppBar {...props}>
    <TitlePortal component="h1" />
  </AppBar>
);

export const AdminLayout = ({ children }: { children: ReactNode }) => {
  useUploadWarnings();
  useSignInNotice();
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  );
};
