import { redirect } from 'react-router';

/** Spec §2's admin login path: the admin console's own sign-in screen. */
export function loader() {
  throw redirect('/admin/login');
}

export default function AdminLogin() {
  return null;
}
