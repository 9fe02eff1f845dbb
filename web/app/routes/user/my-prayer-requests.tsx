import { Link } from 'react-router';
import { PRAYER_STATUS_LABELS, useMyPrayerRequests } from '../../features/member/prayer-requests';
import { formatDate } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/my-prayer-requests';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My prayer requests', 'The prayer requests you have sent.');

export default function MyPrayerRequests() {
  const { data, loading, failed } = useMyPrayerRequests();
  const requests = data?.allPrayerRequests ?? [];
  return (
    <>
      <h1>My prayer requests</h1>
      {loading && !data && <p role="status">Loading your prayer requests…</p>}
      {failed && <p className="form-alert">Your prayer requests could not be loaded. Please try again.</p>}
      {data && !requests.length && (
        <p>
          You have not sent a prayer request yet. <Link to="/user/prayer-request">Make a prayer request</Link>
        </p>
      )}
      <ul className="record-list">
        {requests.map((request) => (
          <li key={request.id} className="record">
            <div className="record-head">
              <h2>{request.title}</h2>
              <span className={`status status-${request.status}`}>{PRAYER_STATUS_LABELS[request.status] ?? request.status}</span>
            </div>
            <p className="record-meta">{formatDate(request.createdAt)}</p>
            <p className="record-body">{request.body}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
