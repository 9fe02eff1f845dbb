import { useSiteSettings } from '../lib/site-settings';

/** The services and when each is held, from the site settings; `large` on the page that lists them alone. */
export function ServiceTimeList({ large = false }: { large?: boolean }) {
  const { serviceTimes } = useSiteSettings();
  return (
    <dl className={large ? 'times large' : 'times'}>
      {serviceTimes.map((time) => (
        <div key={time.name}>
          <dt>{time.name}</dt>
          <dd>{time.when}</dd>
        </div>
      ))}
    </dl>
  );
}
