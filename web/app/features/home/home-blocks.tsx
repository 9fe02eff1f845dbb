import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image';
import { ServiceTimeList } from '../../components/service-time-list';
import { browserGraphql } from '../../lib/graphql';
import { useSession } from '../../lib/session';
import { postalAddress, useSiteSettings } from '../../lib/site-settings';
import { MEETING_PASSWORD_QUERY, type MeetingImage, type VisitImage } from './home-query';
import './home-blocks.css';

/** Visit information: the visit image beside service times and the address. */
export function VisitBlock({ image }: { image?: VisitImage }) {
  const settings = useSiteSettings();
  return (
    <section className="section visit-block" aria-labelledby="visit-heading">
      <div className="split">
        {image?.image && (
          <div className="split-media">
            <ResponsiveImage data={image} alt={image.title || `The ${settings.shortName || settings.name} family gathered for worship`} sizes="(min-width: 900px) 40vw, 100vw" />
          </div>
        )}
        <div className="split-text">
          <p className="eyebrow">Plan your visit</p>
          <h2 id="visit-heading">You are welcome here</h2>
          <p>
            Whoever you are and wherever you are on your journey, come as you are. Expect heartfelt worship, practical teaching from the Bible and a cup of tea
            afterwards.
          </p>
          <ServiceTimeList />
          {settings.doorsOpen && <p className="note">{settings.doorsOpen}</p>}
          <address>{postalAddress(settings).join(', ')}</address>
          <p className="actions">
            <Link className="button primary" to="/visit-info">
              Plan your visit
            </Link>
            <Link className="button ghost" to="/service-times">
              All service times
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

/** The password is for members only: a signed-in visitor fetches it with their token. */
function useMeetingPassword(meeting?: MeetingImage) {
  const session = useSession();
  const [password, setPassword] = useState(meeting?.password ?? null);
  useEffect(() => {
    if (!meeting || meeting.password || !session.token) return;
    let cancelled = false;
    void browserGraphql().request<{ meeting: { password: string | null }[] }>(MEETING_PASSWORD_QUERY).then((result) => {
      if (!cancelled) setPassword(result.data?.meeting[0]?.password ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [meeting, session.token]);
  return { password, signedIn: session.loggedIn };
}

/** The online meeting: the Zoom image, its meeting ID, and the passcode for members. */
export function MeetingBlock({ meeting }: { meeting?: MeetingImage }) {
  const { password, signedIn } = useMeetingPassword(meeting);
  const settings = useSiteSettings();
  const online = settings.serviceTimes.filter((time) => time.name.startsWith('Online'));
  return (
    <section className="section meeting-block" aria-labelledby="meeting-heading">
      <div className="split reverse">
        {meeting?.image && (
          <div className="split-media">
            <ResponsiveImage data={meeting} alt="Our online prayer meeting on Zoom" sizes="(min-width: 900px) 40vw, 100vw" />
          </div>
        )}
        <div className="split-text">
          <p className="eyebrow">Join us online</p>
          <h2 id="meeting-heading">Pray with us from wherever you are</h2>
          <dl className="times">
            {online.map((time) => (
              <div key={time.name}>
                <dt>{time.name}</dt>
                <dd>{time.when}</dd>
              </div>
            ))}
          </dl>
          {meeting ? (
            <dl className="meeting-details">
              <div>
                <dt>Zoom meeting ID</dt>
                <dd>{meeting.zoomId}</dd>
              </div>
              <div>
                <dt>Passcode</dt>
                <dd>{password ?? (signedIn ? 'Ask us for the passcode' : <Link to="/userlogin">Log in to see the passcode</Link>)}</dd>
              </div>
            </dl>
          ) : (
            <p>Meeting details will be posted here soon.</p>
          )}
        </div>
      </div>
    </section>
  );
}
