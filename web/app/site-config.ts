/**
 * The organisation's details, in one place.
 *
 * ┌──────────────────────────────────────────────────────────────────────────────────────────────────────┐
 * │ PLACEHOLDER VALUES. Every name, address, number, e-mail, link and biography below is invented for   │
 * │ the demo: the phone number is in Ofcom's range reserved for drama (020 7946 0xxx), the e-mails use  │
 * │ the reserved example.org domain. Replace them with the ministry's real details before going live.   │
 * └──────────────────────────────────────────────────────────────────────────────────────────────────────┘
 *
 * The service times and weekly schedule are the ministry's own (spec §9) and are not placeholders.
 */

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'x' | 'tiktok';

export type Pastor = {
  name: string;
  role: string;
  photo: string;
  photoAlt: string;
  biography: string[];
};

export const siteConfig = {
  /** PLACEHOLDER */
  name: 'Grace Harbour Ministry',
  /** PLACEHOLDER */
  shortName: 'Grace Harbour',
  /** PLACEHOLDER */
  tagline: 'A family of faith in the heart of London',
  /** PLACEHOLDER */
  description:
    'Grace Harbour Ministry is a Bible-believing Christian church in East London: Sunday worship, prayer, counselling, baptism and a warm welcome for everyone.',

  /** PLACEHOLDER: the postal address, one line an item. */
  address: ['Grace Harbour Centre', '12 Example Street', 'Whitechapel', 'London E1 7AA', 'United Kingdom'],
  /** PLACEHOLDER: Ofcom's drama range, never a real line. */
  phone: { display: '020 7946 0123', href: 'tel:+442079460123' },
  /** PLACEHOLDER: five contact addresses on the reserved example.org domain. */
  emails: [
    { label: 'General enquiries', address: 'hello@example.org' },
    { label: 'Prayer', address: 'prayer@example.org' },
    { label: 'Counselling', address: 'counselling@example.org' },
    { label: 'Pastors', address: 'pastors@example.org' },
    { label: 'Book shop and giving', address: 'accounts@example.org' },
  ],
  /** PLACEHOLDER: the ministry's own pages replace these network home pages. */
  social: [
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
    { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
    { network: 'x', label: 'X (Twitter)', href: 'https://x.com/' },
    { network: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/' },
  ] satisfies { network: SocialNetwork; label: string; href: string }[],
  /** PLACEHOLDER: where the contact-page map centres (zoom 18, spec §9). */
  map: { latitude: 51.51662, longitude: -0.06541, zoom: 18 },

  /** Spec §9: service times. */
  serviceTimes: [
    { name: 'Sunday service', when: '10.00am to 12.30pm' },
    { name: 'Night Vigil', when: 'Every first Friday of the month' },
    { name: 'Online Monday prayer', when: '9pm to 10pm GMT' },
    { name: 'Online Wednesday bible study', when: '7pm to 8.30pm GMT' },
  ],
  /** Spec §9. */
  doorsOpen: 'Doors open 10 minutes before.',
  /** Spec §9: the weekly schedule on the contact page. */
  weeklySchedule: [
    { day: 'Sunday', activity: 'Sunday service', when: '10am to 12.30pm' },
    { day: 'Tuesday', activity: 'Intercession', when: '7pm to 8.30pm' },
    { day: 'Wednesday', activity: 'Midweek service', when: '7pm to 9.30pm' },
    { day: 'Saturday', activity: 'Choir', when: '4pm to 6pm' },
    { day: 'Saturday', activity: 'Evangelism', when: '6pm to 7pm' },
  ],
} as const;

/**
 * PLACEHOLDER: the senior pastors, a husband and wife. A separate export so only the page that shows them
 * carries their biographies.
 */
export const pastors: Pastor[] = [
  {
    name: 'Pastor Daniel Mensah',
    role: 'Senior Pastor',
    photo: '/images/pastor-daniel.svg',
    photoAlt: 'Portrait of Pastor Daniel Mensah',
    biography: [
      'Pastor Daniel came to faith as a student in Kumasi and moved to London in 1998, where he worked as a civil engineer while serving in his local church as a youth leader and Bible teacher.',
      'He was ordained in 2006 and, together with his wife Ruth, planted Grace Harbour in a rented school hall with eleven people. He loves expository preaching, long walks along the Thames and answering hard questions over a cup of tea.',
      'Daniel holds a diploma in theology and leads the church’s preaching team, men’s fellowship and baptism classes.',
    ],
  },
  {
    name: 'Pastor Ruth Mensah',
    role: 'Senior Pastor',
    photo: '/images/pastor-ruth.svg',
    photoAlt: 'Portrait of Pastor Ruth Mensah',
    biography: [
      'Pastor Ruth grew up in South London in a praying family. Before entering ministry she was a paediatric nurse for fifteen years, and her care for people who are hurting shapes everything she does.',
      'She oversees the church’s counselling, prayer and women’s ministries, and trains the volunteers who answer the life line. Ruth is a trained pastoral counsellor and a gifted worship leader.',
      'Daniel and Ruth have been married for twenty-six years and have three grown-up children.',
    ],
  },
];
