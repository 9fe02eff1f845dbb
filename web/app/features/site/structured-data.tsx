import { useRouteLoaderData } from 'react-router';
import type { ScheduleEntry, SiteSettings } from '../../lib/site-settings';

type Thing = Record<string, unknown>;

/**
 * schema.org data for search engines as a JSON-LD block. `<` is escaped, so no text in the data can close
 * the script element.
 */
export function JsonLd({ data }: { data: Thing | Thing[] }) {
  const root: { cspNonce?: string } | undefined = useRouteLoaderData('root');
  const json = JSON.stringify(Array.isArray(data) ? data.map((item) => ({ '@context': 'https://schema.org', ...item })) : { '@context': 'https://schema.org', ...data });
  return <script type="application/ld+json" nonce={root?.cspNonce} dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }} />;
}

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

function postalAddressLd(settings: SiteSettings) {
  const lines = settings.addressLines;
  return {
    '@type': 'PostalAddress',
    streetAddress: lines.slice(0, -1).join(', ') || undefined,
    addressLocality: lines.at(-1),
    postalCode: settings.postcode || undefined,
    addressCountry: 'GB',
  };
}

const SCHEMA_DAY: Record<string, string> = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, `https://schema.org/${day}`]),
);

const openingHours = (schedule: ScheduleEntry[]) =>
  schedule.map((entry) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: SCHEMA_DAY[entry.day], opens: entry.opens, closes: entry.closes, name: entry.activity }));

/** The church itself: on the home, contact and visit pages. */
export function churchLd(settings: SiteSettings, publicUrl: string): Thing {
  return {
    '@type': 'Church',
    '@id': absolute(publicUrl, '/#church'),
    name: settings.name,
    description: settings.description || undefined,
    url: absolute(publicUrl, '/'),
    logo: absolute(publicUrl, '/icon-512.png'),
    image: absolute(publicUrl, '/icon-512.png'),
    telephone: settings.phoneUri?.replace(/^tel:/, '') ?? (settings.phone || undefined),
    email: settings.emails[0]?.address,
    address: postalAddressLd(settings),
    geo: settings.latitude !== null && settings.longitude !== null ? { '@type': 'GeoCoordinates', latitude: settings.latitude, longitude: settings.longitude } : undefined,
    openingHoursSpecification: openingHours(settings.weeklySchedule),
    sameAs: settings.socialLinks.map((link) => link.url),
  };
}

/** Home > section > page, for detail pages. */
export function breadcrumbLd(publicUrl: string, trail: { name: string; path: string }[]): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(publicUrl, crumb.path) })),
  };
}

type PostLd = { id: string; name: string; excerpt: string | null; image?: string | null; createdAt: string; updatedAt?: string; author: { title: string; firstname: string; lastname: string } | null };

export function blogPostingLd(post: PostLd, settings: SiteSettings, publicUrl: string): Thing {
  const url = absolute(publicUrl, `/post-details/${post.id}`);
  return {
    '@type': 'BlogPosting',
    headline: post.name,
    description: post.excerpt ?? undefined,
    image: post.image ? absolute(publicUrl, post.image) : undefined,
    datePublished: post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    url,
    mainEntityOfPage: url,
    author: post.author ? { '@type': 'Person', name: `${post.author.firstname} ${post.author.lastname}` } : { '@type': 'Organization', name: settings.name },
    publisher: { '@type': 'Organization', name: settings.name, logo: { '@type': 'ImageObject', url: absolute(publicUrl, '/icon-512.png') } },
  };
}

type EventLd = PostLd & { nextStartsAt: string | null; nextEndsAt: string | null; startsAt: string | null; location: string | null; onlineUrl: string | null };

/** A dated program: its next occurrence (or its only one), where it happens in person and online. */
export function eventLd(post: EventLd, settings: SiteSettings, publicUrl: string): Thing | null {
  const start = post.nextStartsAt ?? post.startsAt;
  if (!start) return null;
  const place = { '@type': 'Place', name: post.location || settings.name, address: postalAddressLd(settings) };
  const online = post.onlineUrl ? { '@type': 'VirtualLocation', url: post.onlineUrl } : null;
  const inPerson = Boolean(post.location) || !online;
  return {
    '@type': 'Event',
    name: post.name,
    description: post.excerpt ?? undefined,
    image: post.image ? absolute(publicUrl, post.image) : undefined,
    startDate: start,
    endDate: post.nextEndsAt ?? undefined,
    url: absolute(publicUrl, `/post-details/${post.id}`),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${online && inPerson ? 'Mixed' : online ? 'Online' : 'Offline'}EventAttendanceMode`,
    location: online && inPerson ? [place, online] : (online ?? place),
    organizer: { '@type': 'Organization', name: settings.name, url: absolute(publicUrl, '/') },
  };
}

type VideoLd = { id: string; title: string; video: string; poster: string | null; createdAt?: string };

export function videoObjectLd(video: VideoLd, publicUrl: string): Thing {
  return {
    '@type': 'VideoObject',
    name: video.title,
    description: video.title,
    thumbnailUrl: video.poster ? absolute(publicUrl, video.poster) : `https://i.ytimg.com/vi/${video.video}/hqdefault.jpg`,
    uploadDate: video.createdAt,
    embedUrl: `https://www.youtube-nocookie.com/embed/${video.video}`,
    contentUrl: `https://www.youtube.com/watch?v=${video.video}`,
  };
}
