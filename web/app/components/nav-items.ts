/** The site's menus, shared by the header, the mobile menu, the footer and the member area's side navigation. */
export type NavItem = { label: string; to: string; /** Served outside this app (the admin console): a full page load. */ external?: boolean };

export const aboutMenu: NavItem[] = [
  { label: 'About the ministry', to: '/about-us' },
  { label: 'Our senior pastors', to: '/senior-pastors' },
  { label: 'Plan your visit', to: '/visit-info' },
  { label: 'Service times', to: '/service-times' },
];

export const prayersMenu: NavItem[] = [
  { label: 'Ask a question', to: '/ask-a-question' },
  { label: 'Counselling', to: '/counselling' },
  { label: 'Baptism', to: '/baptism' },
  { label: 'Request a prayer', to: '/user/prayer-request' },
  { label: 'Prayer wall', to: '/prayer-wall' },
  { label: 'Life line', to: '/life-line' },
  { label: 'How to become a Christian', to: '/how-to-become-a-christian' },
];

export const mainLinks: NavItem[] = [
  { label: 'Blog', to: '/blog' },
  { label: 'Testimonies', to: '/testimonies' },
  { label: 'Programs', to: '/programs' },
  { label: 'Sermons', to: '/sermons' },
  { label: 'Live', to: '/live' },
  { label: 'Book Shop', to: '/book-shop' },
  { label: 'Contact Us', to: '/contact-us' },
];

export const memberMenu: NavItem[] = [
  { label: 'Dashboard', to: '/user/user-dashboard' },
  { label: 'Make a prayer request', to: '/user/prayer-request' },
  { label: 'My prayer requests', to: '/user/my-prayer-requests' },
  { label: 'Share a testimony', to: '/user/share-testimony' },
  { label: 'My testimonies', to: '/user/my-testimonies' },
  { label: 'Make a donation', to: '/user/make-donations' },
  { label: 'My giving', to: '/user/giving' },
  { label: 'My bookings', to: '/user/bookings' },
  { label: 'My cart', to: '/user/cart-page' },
  { label: 'My privacy', to: '/user/privacy' },
];

/** A page of the admin console, which is served outside this app: a full page load. */
const adminPage = (label: string, path: string): NavItem => ({ label, to: `/admin/${path}`, external: true });

/** The console's front page, for every staff role: the console shows each role what it may use. */
export const consoleMenu: NavItem[] = [adminPage('Admin Dashboard', 'admin-dashboard')];

/** Legacy admin paths of spec §2, for an Admin; the admin console redirects each to its screen. */
export const adminMenu: NavItem[] = [
  ...consoleMenu,
  adminPage('All posts', 'all-posts'),
  adminPage('Program posts', 'all-program-posts'),
  adminPage('Videos', 'all-videos'),
  adminPage('Testimonies', 'all-testimonies'),
  adminPage('Prayer requests', 'all-prayer-requests'),
  adminPage('Contact enquiries', 'all-contacts'),
  adminPage('Questions', 'all-questions'),
  adminPage('Counselling', 'all-counselling'),
  adminPage('Baptism', 'all-baptism'),
  adminPage('Donations', 'all-donations'),
  adminPage('Bookshop orders', 'all-bookshop-orders'),
];
