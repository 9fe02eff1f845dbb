import { Link, Outlet, redirect } from 'react-router';
import { EmailConfirmationNotice } from '../../features/member/email-confirmation';
import { MemberNav } from '../../features/member/member-nav';
import { canUseConsole, getSession, isAdmin, useSession } from '../../lib/session';
import type { Route } from './+types/layout';
import './layout.css';

/** Spec §2's guard: no token, no member area. Convenience only; the server checks every call itself. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getSession().token) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/userLogin?next=${encodeURIComponent(pathname + search)}`);
  }
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <section className="section narrow">
      <p role="status">Opening your member area…</p>
    </section>
  );
}

export default function MemberLayout() {
  const session = useSession();

  if (!session.loggedIn) {
    return (
      <section className="section narrow">
        <p role="status">
          You are logged out. <Link to="/userLogin">Log in again</Link>
        </p>
      </section>
    );
  }

  return (
    <div className="member-layout">
      <MemberNav staff={canUseConsole(session)} admin={isAdmin(session)} />
      <div className="member-content">
        <EmailConfirmationNotice />
        <Outlet />
      </div>
    </div>
  );
}
