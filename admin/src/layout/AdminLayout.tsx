import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useSignInNotice } from '../auth/signInNotice';
import { useUploadWarnings } from '../common/uploadWarnings';
import { AdminMenu } from './AdminMenu';

export const AdminLayout = ({ children }: { children: ReactNode }) => {
  useUploadWarnings();
  useSignInNotice();
  return <Layout menu={AdminMenu}>{children}</Layout>;
};
