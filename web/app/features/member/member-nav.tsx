import { LinkItems } from '../../components/nav-link';
import { adminMenu, consoleMenu, memberMenu } from '../../components/nav-items';
import { useLogout } from '../../components/use-logout';
import './member-nav.css';

/** The member area's side navigation; the console for staff, and spec §2's admin entries for role Admin. */
export function MemberNav({ staff, admin }: { staff: boolean; admin: boolean }) {
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
      {staff && (
        <>
          <h2 className="member-nav-heading">Admin</h2>
          <ul>
            <LinkItems items={admin ? adminMenu : consoleMenu} />
          </ul>
        </>
      )}
    </nav>
  );
}
