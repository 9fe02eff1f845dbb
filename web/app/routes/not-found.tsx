import { data } from 'react-router';

/** Any path no route claims: the root's error boundary draws the 404 page. */
export function loader() {
  throw data('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
