import { useState } from 'react';
import { Link } from 'react-router';
import { PrayerRequestRecord } from '../../features/member/prayer-request-record';
import { useMyPrayerRequests, type PrayerRequest } from '../../features/member/prayer-requests';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/my-prayer-requests';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My prayer requests', 'The prayer requests you have sent, who may read them, and the replies from our pastors.');

export default function MyPrayerRequests() {
  const { data, loading, failed } = useMyPrayerRequests();
  // A change answers the request as it now is; it replaces the one read when the page opened.
  const [changed, setChanged] = useState<Record<string, PrayerRequest>>({});
  const requests = (data?.allPrayerRequests ?? []).map((request) => changed[request.id] ?? request);
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
          <PrayerRequestRecord key={request.id} request={request} onChanged={(updated) => setChanged((previous) => ({ ...previous, [updated.id]: updated }))} />
        ))}
      </ul>
    </>
  );
}
