/**
 * What about the site is design rather than content. The organisation's details (name, address, phone,
 * e-mails, social links, map point, service times, weekly schedule, pastors) are site settings, edited in
 * the admin console's "Site settings" page and read from GraphQL `siteSettings`.
 */
export const siteConfig = {
  /** Spec §9: the contact-page map shows the street. */
  mapZoom: 18,
  /** The brand colour browsers tint their bars with (also in the web app manifest). */
  themeColor: '#4a1f3d',
} as const;
