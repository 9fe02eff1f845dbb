import { Link, useLocation } from 'react-router';
import { useLogout } from '../../components/use-logout';
import { pageMeta } from '../../lib/meta';
import { useSession } from '../../lib/session';
import type { Route } from './+types/user-dashboard';
import './user-dashboard.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My dashboard', 'Your member area.');

const actions = [
  { to: '/user/prayer-request', title: 'Make a prayer request', text: 'Our prayer team will stand with you.' },
  { to: '/user/share-testimony', title: 'Share a testimony', text: 'Tell the church what God has done.' },
  { to: '/user/my-prayer-requests', title: 'My prayer requests', text: 'See the requests you have sent.' },
  { to: '/user/my-testimonies', title: 'My testimonies', text: 'See your testimonies and whether they are published.' },
  { to: '/user/make-donations', title: 'Give', text: 'Support the ministry with a donation, once or every month.' },
  { to: '/user/giving', title: 'My giving', text: 'Your monthly gifts, Gift Aid declarations and giving statements by tax year.' },
  { to: '/book-shop', title: 'Book shop', text: 'Books to strengthen your faith.' },
  { to: '/user/privacy', title: 'My privacy', text: 'Download your data, see your consents or delete your account.' },
  { to: '/user/email-address', title: 'My e-mail address', text: 'See whether it is confirmed, or use another.' },
];

export default function UserDashboard() {
  const session = useSession();
  const logout = useLogout();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <header className="member-header">
        <h1>Welcome, {session.user?.firstname}</h1>
        <button type="button" className="button ghost" onClick={() => void logout()}>
          Log out
        </button>
      </header>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <ul className="action-grid">
        {actions.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="action-card">
              <span className="action-title">{action.title}</span>
              <span className="action-text">{action.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
