import ArticleIcon from '@mui/icons-material/Article';
import DoorFrontIcon from '@mui/icons-material/DoorFront';
import DnsIcon from '@mui/icons-material/Dns';
import EventIcon from '@mui/icons-material/Event';
import ListAltIcon from '@mui/icons-material/ListAlt';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { PERMISSION, REQUEST_KINDS, type RequestKindWords } from '@ministry/shared';
import { can, type Permission, type Permissions } from './auth/permissions';
import auditEvents from './audit-events';
import baptismRequests from './baptism-requests';
import bookOrders from './book-orders';
import bookings from './bookings';
import books from './books';
import care from './care';
import { lazyScreen } from './common/screens';
import contactEnquiries from './contact-enquiries';
import counsellingRequests from './counselling-requests';
import donations from './donations';
import giftAidClaims from './gift-aid-claims';
import giftAidDeclarations from './gift-aid-declarations';
import broadcasts from './mailing/broadcasts';
import mailingLists from './mailing/lists';
import meetingImages from './meeting-images';
import members from './members';
import postCategories from './post-categories';
import posts from './posts';
import { CATEGORY, postsOfCategory } from './posts/categories';
import prayerRequests from './prayer-requests';
import questions from './questions';
import regularDonations from './regular-donations';
import sermonSeries from './sermon-series';
import { SiteSettingsPage } from './site-settings/SiteSettingsPage';
import sliderImages from './slider-images';
import speakers from './speakers';
import testimonies from './testimonies';
import videos from './videos';
import visitImages from './visit-images';

/** The menu's groups, in the order the volunteers work: content, requests, payments, events, e-mail, people. */
export const MENU_SECTIONS = ['Website content', 'Requests', 'Payments', 'Events', 'E-mail', 'People'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export type MenuLink = { to: string; label: string; icon: ComponentType };

/**
 * One screen set of the console. `name` appears in its URLs; `type` is the GraphQL type behind it. A resource
 * may be a fixed slice of its type: testimonies are the posts of category 2.
 */
export type AdminResource = {
  name: string;
  type: string;
  /** Merged into every list filter and every new record. */
  fixed?: Record<string, string>;
  /** `purpose` sent with an image upload; resources without it have no image. */
  upload?: 'slider' | 'visit' | 'post' | 'testimony' | 'book' | 'meeting';
  section: MenuSection;
  /** What the signed-in person needs for the console to offer the resource at all. */
  permission: Permission;
  screens: Omit<ResourceProps, 'name'>;
  /** Menu entries that stand in for the resource's own item. */
  menuLinks?: MenuLink[];
};

/** The list of one kind of request, named as every part names it. */
const requestResource = (kind: RequestKindWords, permission: Permission, screens: AdminResource['screens']): AdminResource => ({
  name: kind.resource,
  type: kind.name,
  section: 'Requests',
  permission,
  screens,
});

/** Every resource of the console, in menu order: App.tsx registers them, the menu lists them, the data provider maps them. */
export const ADMIN_RESOURCES: AdminResource[] = [
  {
    name: 'posts',
    type: 'Post',
    upload: 'post',
    section: 'Website content',
    permission: PERMISSION.contentWrite,
    screens: posts,
    // In the menu, posts are reached by their category.
    menuLinks: [
      { to: postsOfCategory(CATEGORY.blog), label: 'Blog', icon: ArticleIcon },
      { to: postsOfCategory(CATEGORY.programs), label: 'Programs', icon: EventIcon },
      // An explicit empty filter, so the list does not reopen on the category last chosen.
      { to: '/posts?filter=%7B%7D', label: 'All posts', icon: ListAltIcon },
    ],
  },
  { name: 'post-categories', type: 'PostCategory', section: 'Website content', permission: PERMISSION.contentWrite, screens: postCategories },
  { name: 'testimonies', type: 'Post', fixed: { categoryId: CATEGORY.testimonies }, upload: 'testimony', section: 'Website content', permission: PERMISSION.contentWrite, screens: testimonies },
  { name: 'videos', type: 'Video', section: 'Website content', permission: PERMISSION.contentWrite, screens: videos },
  { name: 'sermon-series', type: 'SermonSeries', upload: 'post', section: 'Website content', permission: PERMISSION.contentWrite, screens: sermonSeries },
  { name: 'speakers', type: 'Speaker', upload: 'post', section: 'Website content', permission: PERMISSION.contentWrite, screens: speakers },
  { name: 'slider-images', type: 'SliderImage', upload: 'slider', section: 'Website content', permission: PERMISSION.contentWrite, screens: sliderImages },
  { name: 'visit-images', type: 'VisitImage', upload: 'visit', section: 'Website content', permission: PERMISSION.contentWrite, screens: visitImages },
  { name: 'meeting-images', type: 'MeetingImage', upload: 'meeting', section: 'Website content', permission: PERMISSION.contentWrite, screens: meetingImages },
  { name: 'books', type: 'Book', upload: 'book', section: 'Website content', permission: PERMISSION.contentWrite, screens: books },
  { name: 'care', type: 'CareRequest', section: 'Requests', permission: PERMISSION.careRead, screens: care },
  requestResource(REQUEST_KINDS.ContactEnquiry, PERMISSION.careRead, contactEnquiries),
  requestResource(REQUEST_KINDS.Question, PERMISSION.careRead, questions),
  requestResource(REQUEST_KINDS.CounsellingRequest, PERMISSION.careRead, counsellingRequests),
  requestResource(REQUEST_KINDS.BaptismRequest, PERMISSION.careRead, baptismRequests),
  requestResource(REQUEST_KINDS.PrayerRequest, PERMISSION.prayerReadShared, prayerRequests),
  { name: 'donations', type: 'Donation', section: 'Payments', permission: PERMISSION.financeRead, screens: donations },
  { name: 'regular-donations', type: 'RegularDonation', section: 'Payments', permission: PERMISSION.financeRead, screens: regularDonations },
  { name: 'gift-aid-claims', type: 'GiftAidClaim', section: 'Payments', permission: PERMISSION.financeRead, screens: giftAidClaims },
  { name: 'gift-aid-declarations', type: 'GiftAidDeclaration', section: 'Payments', permission: PERMISSION.financeRead, screens: giftAidDeclarations },
  { name: 'book-orders', type: 'BookOrder', section: 'Payments', permission: PERMISSION.financeRead, screens: bookOrders },
  { name: 'bookings', type: 'Booking', section: 'Events', permission: PERMISSION.eventsManage, screens: bookings },
  { name: 'mailing-lists', type: 'MailingList', section: 'E-mail', permission: PERMISSION.commsSend, screens: mailingLists },
  { name: 'broadcasts', type: 'Broadcast', section: 'E-mail', permission: PERMISSION.commsSend, screens: broadcasts },
  { name: 'members', type: 'User', section: 'People', permission: PERMISSION.membersManage, screens: members },
  { name: 'audit-events', type: 'AuditEvent', section: 'People', permission: PERMISSION.auditRead, screens: auditEvents },
];

/** Pages of the console that are not a resource; the menu lists each after its section's resources. */
export const ADMIN_PAGES: (MenuLink & { section: MenuSection; permission: Permission; page: ComponentType })[] = [
  {
    to: '/live-stream',
    label: 'Live stream',
    icon: LiveTvIcon,
    section: 'Website content',
    permission: PERMISSION.contentWrite,
    page: lazyScreen(() => import('./live/LiveStreamPage'), 'LiveStreamPage'),
  },
  { to: '/site-settings', label: 'Site settings', icon: SettingsIcon, section: 'Website content', permission: PERMISSION.settingsWrite, page: SiteSettingsPage },
  {
    to: '/check-in',
    label: 'Check-in',
    icon: DoorFrontIcon,
    section: 'Events',
    permission: PERMISSION.eventsManage,
    page: lazyScreen(() => import('./bookings/CheckInPage'), 'CheckInPage'),
  },
  {
    to: '/consent-records',
    label: 'Consent records',
    icon: HistoryEduIcon,
    section: 'E-mail',
    permission: PERMISSION.commsSend,
    page: lazyScreen(() => import('./mailing/ConsentPage'), 'ConsentPage'),
  },
  {
    to: '/sending-health',
    label: 'Sending health',
    icon: DnsIcon,
    section: 'E-mail',
    permission: PERMISSION.commsSend,
    page: lazyScreen(() => import('./mailing/SendingHealthPage'), 'SendingHealthPage'),
  },
  {
    to: '/privacy-requests',
    label: 'Privacy requests',
    icon: PrivacyTipIcon,
    section: 'People',
    permission: PERMISSION.privacyManage,
    page: lazyScreen(() => import('./privacy-requests/PrivacyRequestsPage'), 'PrivacyRequestsPage'),
  },
];

/** The resources the signed-in person may use, in menu order. */
export const resourcesFor = (permissions: Permissions | undefined) => ADMIN_RESOURCES.filter((resource) => can(permissions, resource.permission));

/** The other pages the signed-in person may use. */
export const pagesFor = (permissions: Permissions | undefined) => ADMIN_PAGES.filter((page) => can(permissions, page.permission));

/** The menu's sections holding something the signed-in person may use, each with its resources and pages. */
export const menuFor = (permissions: Permissions | undefined) =>
  MENU_SECTIONS.map((section) => ({
    section,
    resources: resourcesFor(permissions).filter((resource) => resource.section === section),
    pages: pagesFor(permissions).filter((page) => page.section === section),
  })).filter(({ resources, pages }) => resources.length + pages.length > 0);

export function adminResource(name: string): AdminResource {
  const resource = ADMIN_RESOURCES.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`The admin console has no resource called "${name}"`);
  return resource;
}
