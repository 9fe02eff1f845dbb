import { CharityType, type SiteSettings } from './site-settings.entity.js';

const paragraphs = (...text: string[]) => text.join('\n\n');

/**
 * The demo install's site settings. PLACEHOLDER VALUES: the name, address, phone number (Ofcom's drama range
 * 020 7946 0xxx), e-mails (reserved example.org), links and biographies are invented; the service times and
 * weekly schedule are the ministry's own.
 */
export const DEMO_SITE_SETTINGS: Omit<SiteSettings, 'id' | 'updatedAt'> = {
  name: 'Grace Harbour Ministry',
  shortName: 'Grace Harbour',
  tagline: 'A family of faith in the heart of London',
  description:
    'Grace Harbour Ministry is a Bible-believing Christian church in East London: Sunday worship, prayer, counselling, baptism and a warm welcome for everyone.',
  charityNumber: '1234567',
  addressLines: ['Grace Harbour Centre', '12 Example Street', 'Whitechapel', 'London'],
  postcode: 'E1 7AA',
  phone: '020 7946 0123',
  emails: [
    { label: 'General enquiries', address: 'hello@example.org' },
    { label: 'Prayer', address: 'prayer@example.org' },
    { label: 'Counselling', address: 'counselling@example.org' },
    { label: 'Pastors', address: 'pastors@example.org' },
    { label: 'Book shop and giving', address: 'accounts@example.org' },
  ],
  socialLinks: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/' },
    { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/' },
    { network: 'x', label: 'X (Twitter)', url: 'https://x.com/' },
    { network: 'tiktok', label: 'TikTok', url: 'https://www.tiktok.com/' },
  ],
  latitude: 51.51662,
  longitude: -0.06541,
  serviceTimes: [
    { name: 'Sunday service', when: '10.00am to 12.30pm' },
    { name: 'Night Vigil', when: 'Every first Friday of the month' },
    { name: 'Online Monday prayer', when: '9pm to 10pm GMT' },
    { name: 'Online Wednesday bible study', when: '7pm to 8.30pm GMT' },
  ],
  doorsOpen: 'Doors open 10 minutes before.',
  weeklySchedule: [
    { day: 'Sunday', activity: 'Sunday service', opens: '10:00', closes: '12:30' },
    { day: 'Tuesday', activity: 'Intercession', opens: '19:00', closes: '20:30' },
    { day: 'Wednesday', activity: 'Midweek service', opens: '19:00', closes: '21:30' },
    { day: 'Saturday', activity: 'Choir', opens: '16:00', closes: '18:00' },
    { day: 'Saturday', activity: 'Evangelism', opens: '18:00', closes: '19:00' },
  ],
  pastors: [
    {
      name: 'Pastor Daniel Mensah',
      role: 'Senior Pastor',
      photo: '/images/pastor-daniel.svg',
      photoAlt: 'Portrait of Pastor Daniel Mensah',
      biography: paragraphs(
        'Pastor Daniel came to faith as a student in Kumasi and moved to London in 1998, where he worked as a civil engineer while serving in his local church as a youth leader and Bible teacher.',
        'He was ordained in 2006 and, together with his wife Ruth, planted Grace Harbour in a rented school hall with eleven people. He loves expository preaching, long walks along the Thames and answering hard questions over a cup of tea.',
        'Daniel holds a diploma in theology and leads the church’s preaching team, men’s fellowship and baptism classes.',
      ),
    },
    {
      name: 'Pastor Ruth Mensah',
      role: 'Senior Pastor',
      photo: '/images/pastor-ruth.svg',
      photoAlt: 'Portrait of Pastor Ruth Mensah',
      biography: paragraphs(
        'Pastor Ruth grew up in South London in a praying family. Before entering ministry she was a paediatric nurse for fifteen years, and her care for people who are hurting shapes everything she does.',
        'She oversees the church’s counselling, prayer and women’s ministries, and trains the volunteers who answer the life line. Ruth is a trained pastoral counsellor and a gifted worship leader.',
        'Daniel and Ruth have been married for twenty-six years and have three grown-up children.',
      ),
    },
  ],
  charityType: CharityType.Trust,
  accountingYearEnd: '04-05',
  podcastTitle: 'Sunday Messages from Ministry Church London',
  podcastOwnerEmail: 'hello@example.org',
  podcastArtwork: null,
  podcastCategory: 'Religion & Spirituality > Christianity',
  podcastExplicit: false,
  podcastLocked: true,
  podcastAppleUrl: null,
  podcastSpotifyUrl: null,
};
