import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { can, type Permission, type Permissions } from './auth/permissions';
import auditEvents from './audit-events';
import baptismRequests from './baptism-requests';
import bookOrders from './book-orders';
import books from './books';
import care from './care';
import { lazyScreen } from './common/screens';
import contactEnquiries from './contact-enquiries';
import counsellingRequests from './counselling-requests';
import donations from './donations';
import giftAidClaims from './gift-aid-claims';
import giftAidDeclarations from './gift-aid-declarations';
import meetingImages from './meeting-images';
import members from './members';
import postCategories from './post-categories';
import posts from './posts';
import { CATEGORY, postsOfCategory } from './posts/categories';
import prayerRequests from './prayer-requests';
import questions from './questions';
import regularDonations from './regular-donations';
import { SiteSettingsPage } from './site-settings/SiteSettingsPage';
import sliderImages from './slider-images';
import testimonies from './testimonies';
import videos from './videos';
import visitImages from './visit-images';

/** The menu's groups, in the order the volunteers work: content, requests, payments, people. */
export const MENU_SECTIONS = ['Website content', 'Requests', 'Payments', 'People'] as const;
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

/** Every resource of the console, in menu order: App.tsx registers them, the menu lists them, the data provider maps them. */
export const ADMIN_RESOURCES: AdminResource[] = [
  {
    name: 'posts',
    type: 'Post',
    upload: 'post',
    section: 'Website content',
    permission: 'content:write',
    screens: posts,
    // In the menu, posts are reached by their category.
    menuLinks: [
      { to: postsOfCategory(CATEGORY.blog), label: 'Blog', icon: ArticleIcon },
      { to: postsOfCategory(CATEGORY.programs), label: 'Programs', icon: EventIcon },
      // An explicit empty filter, so the list does not reopen on the category last chosen.
      { to: '/posts?filter=%7B%7D', label: 'All posts', icon: ListAltIcon },
    ],
  },
  { name: 'post-categories', type: 'PostCategory', section: 'Website content', permission: 'content:write', screens: postCategories },
  { name: 'testimonies', type: 'Post', fixed: { categoryId: CATEGORY.testimonies }, upload: 'testimony', section: 'Website content', permission: 'content:write', screens: testimonies },
  { name: 'videos', type: 'Video', section: 'Website content', permission: 'content:write', screens: videos },
  { name: 'slider-images', type: 'SliderImage', upload: 'slider', section: 'Website content', permission: 'content:write', screens: sliderImages },
  { name: 'visit-images', type: 'VisitImage', upload: 'visit', section: 'Website content', permission: 'content:write', screens: visitImages },
  { name: 'meeting-images', type: 'MeetingImage', upload: 'meeting', section: 'Website content', permission: 'content:write', screens: meetingImages },
  { name: 'books', type: 'Book', upload: 'book', section: 'Website content', permission: 'content:write', screens: books },
  { name: 'care', type: 'CareRequest', section: 'Requests', permission: 'care:read', screens: care },
  { name: 'contact-enquiries', type: 'ContactEnquiry', section: 'Requests', permission: 'care:read', screens: contactEnquiries },
  { name: 'questions', type: 'Question', section: 'Requests', permission: 'care:read', screens: questions },
  { name: 'counselling-requests', type: 'CounsellingRequest', section: 'Requests', permission: 'care:read', screens: counsellingRequests },
  { name: 'baptism-requests', type: 'BaptismRequest', section: 'Requests', permission: 'care:read', screens: baptismRequests },
  { name: 'prayer-requests', type: 'PrayerRequest', section: 'Requests', permission: 'prayer:read-shared', screens: prayerRequests },
  { name: 'donations', type: 'Donation', section: 'Payments', permission: 'finance:read', screens: donations },
  { name: 'regular-donations', type: 'RegularDonation', section: 'Payments', permission: 'finance:read', screens: regularDonations },
  { name: 'gift-aid-claims', type: 'GiftAidClaim', section: 'Payments', permission: 'finance:read', screens: giftAidClaims },
  { name: 'gift-aid-declarations', type: 'GiftAidDeclaration', section: 'Payments', permission: 'finance:read', screens: giftAidDeclarations },
  { name: 'book-orders', type: 'BookOrder', section: 'Payments', permission: 'finance:read', screens: bookOrders },
  { name: 'members', type: 'User', section: 'People', permission: 'members:manage', screens: members },
  { name: 'audit-events', type: 'AuditEvent', section: 'People', permission: 'audit:read', screens: auditEvents },
];

/** Pages of the console that are not a resource; the menu lists each after its section's resources. */
export const ADMIN_PAGES: (MenuLink & { section: MenuSection; permission: Permission; page: ComponentType })[] = [
  { to: '/site-settings', label: 'Site settings', icon: SettingsIcon, section: 'Website content', permission: 'settings:write', page: SiteSettingsPage },
  {
    to: '/privacy-requests',
    label: 'Privacy requests',
    icon: PrivacyTipIcon,
    section: 'People',
    permission: 'privacy:manage',
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
