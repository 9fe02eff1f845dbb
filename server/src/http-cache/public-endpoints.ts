import { PUBLIC_REQUEST_KIND_NAMES } from '@ministry/shared';

/**
 * The public surface, listed on purpose and once: what a visitor may call without a token. The `@Public()`
 * decorators must name exactly these (test/access.test.ts reads them back), and the visitors' cache of the
 * legacy lists is built from this list.
 */
export const PUBLIC_REST = new Set([
  'GET /healthz',
  'POST /api/register',
  'POST /api/login',
  'POST /api/admin-login',
  'POST /api/send-reset-token',
  'POST /api/reset-password',
  'GET /api/geo/countries',
  'GET /api/geo/countries/:country/states',
  'GET /api/geo/countries/:country/states/:state/cities',
  'GET /api/all-posts-by-category/:id',
  'GET /api/all-posts',
  'GET /api/all-post-categories',
  'GET /api/all-program-posts',
  'GET /api/all-videos',
  'GET /api/all-books',
  'GET /api/all-slider-images',
  'GET /api/all-visit-ancc-image',
  'GET /api/all-zoom-image',
  'POST /api/contact-us',
  'POST /api/question',
  'POST /api/counselling',
  'POST /api/baptism',
  'POST /api/paypal/webhook',
  // RFC 8058's one-click unsubscribe: the signed token in the address stands for the person.
  'GET /api/mail/unsubscribe',
  'POST /api/mail/unsubscribe',
  // Bounces and complaints from a mail service: its bearer secret, compared in the controller, is the authentication.
  'POST /api/mail/inbound',
]);

export const PUBLIC_GRAPHQL = new Set([
  'Query.countries',
  'Query.states',
  'Query.cities',
  'Mutation.register',
  'Mutation.login',
  'Mutation.adminLogin',
  'Mutation.sendResetToken',
  'Mutation.resetPassword',
  'Mutation.verifyEmail',
  'Query.Post',
  'Query.allPosts',
  'Query._allPostsMeta',
  'Query.postBySlug',
  'Query.PostCategory',
  'Query.allPostCategories',
  'Query._allPostCategoriesMeta',
  'Query.Video',
  'Query.allVideos',
  'Query._allVideosMeta',
  'Query.sermonFacets',
  'Query.SermonSeries',
  'Query.allSermonSeries',
  'Query._allSermonSeriesMeta',
  'Query.Speaker',
  'Query.allSpeakers',
  'Query._allSpeakersMeta',
  'Query.liveStream',
  'Query.nextService',
  'Query.SliderImage',
  'Query.allSliderImages',
  'Query._allSliderImagesMeta',
  'Query.VisitImage',
  'Query.allVisitImages',
  'Query._allVisitImagesMeta',
  'Query.MeetingImage',
  'Query.allMeetingImages',
  'Query._allMeetingImagesMeta',
  'Query.Book',
  'Query.allBooks',
  'Query._allBooksMeta',
  ...PUBLIC_REQUEST_KIND_NAMES.map((kind) => `Mutation.create${kind}`),
  'Query.paymentSettings',
  'Query.siteSettings',
  'Query.prayerWall',
  'Mutation.prayFor',
  'Query.retentionSchedule',
  'Query.testimonyConsentText',
  // Visitors book free events; a token from their e-mail stands for an account on the others.
  'Mutation.createBooking',
  'Mutation.joinWaitlist',
  'Mutation.confirmBooking',
  'Mutation.acceptBookingOffer',
  'Mutation.cancelBooking',
  // Public lists and their archive; signing up, confirming and unsubscribing by the e-mailed token.
  'Query.allMailingLists',
  'Query._allMailingListsMeta',
  'Query.MailingList',
  'Query.allNewsletters',
  'Query.Newsletter',
  'Mutation.subscribe',
  'Mutation.confirmSubscription',
  'Mutation.unsubscribe',
]);

/**
 * The public legacy lists (`GET /api/all-…`, spec section 7 "Public reads"): the same answer for every visitor.
 * Matched as Express routes them: in any letter case, with or without a trailing slash.
 */
export const PUBLIC_LISTS = new RegExp(
  `^(${[...PUBLIC_REST]
    .filter((route) => route.startsWith('GET /api/all-'))
    .map((route) => route.slice('GET '.length).replace(/:\w+/g, '\\d+'))
    .join('|')})/?$`,
  'i',
);
