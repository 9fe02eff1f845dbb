import { LinkItems } from '../../components/nav-link';
import { adminMenu, memberMenu } from '../../components/nav-items';
import { useLogout } from '../../components/use-logout';
import './member-nav.css';

/** The member area's side navigation; admin entries only for role Admin (spec §2). */
export function MemberNav({ admin }: { admin: boolean }) {
  const logout = useLogout();
  return (
    <nav className="member-nav" aria-label="Member area">
      <ul>
        <LinkItems items={memberMenu} />
        <li>
          <button type="button" className="link-button" onClick={() => void logout()}>
            Log out
          </button>
        </li>
      </ul>
      {admin && (
        <>
          <h2 className="member-nav-heading">Admin</h2>
          <ul>
            <LinkItems items={adminMenu} />
          </ul>
        </>
      )}
    </nav>
  );
}
