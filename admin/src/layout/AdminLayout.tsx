import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useUploadWarnings } from '../common/uploadWarnings';
import { AdminMenu } from './AdminMenu';

export const AdminLayout = ({ children }: { children: ReactNode }) => {
  useUploadWarnings();
  return <Layout menu={AdminMenu}>{children}</Layout>;
};
