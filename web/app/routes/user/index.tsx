import { redirect } from 'react-router';

export function clientLoader() {
  throw redirect('/user/user-dashboard');
}

export default function UserIndex() {
  return null;
}
