import type { AuthUser } from '../access/auth-user.js';
import type { User } from '../auth/index.js';
import type { BookOrder, Donation, PaymentRecord } from '../commerce/index.js';
import {
  type Book,
  type MeetingImage,
  type Post,
  type PostCategory,
  shownAuthor,
  type SliderImage,
  type Video,
  type VisitImage,
} from '../content/index.js';
import { forContactViewer, type PrayerRequest } from '../requests/index.js';

/**
 * Every answer of the legacy paths, in the field names and key order the legacy client reads (spec sections 3
 * and 7). `test/legacy-shapes.test.ts` pins each one.
 */

/** The user fields the legacy paths may show, in the order they answer them; never the hash or token version. */
const USER_FIELDS = ['id', 'title', 'firstname', 'lastname', 'gender', 'marital_status', 'phone', 'email', 'country', 'state', 'city', 'address', 'role', 'createdAt'] as const;
type UserField = (typeof USER_FIELDS)[number];

/** Which of those fields each legacy answer shows of a user. */
export const USER_VIEWS = {
  account: USER_FIELDS,
  session: ['id', 'title', 'firstname', 'lastname', 'email', 'role', 'country', 'state', 'city', 'phone'],
  author: ['id', 'title', 'firstname', 'lastname'],
  requester: ['title', 'firstname', 'lastname', 'country', 'state', 'city'],
  buyer: ['firstname', 'lastname', 'email', 'phone', 'country', 'state'],
  donor: ['firstname', 'lastname', 'email', 'phone', 'country'],
} as const satisfies Record<string, readonly UserField[]>;

/** The one projection of a user: the fields `view` names, in its order. */
export const legacyUser = <F extends UserField>(user: User, view: readonly F[]) => Object.fromEntries(view.map((field) => [field, user[field]])) as Pick<User, F>;

export const toLegacyUser = (user: User) => legacyUser(user, USER_VIEWS.account);

/** The session the legacy client keeps: `{ token, users: {...} }`. */
export const toLegacySession = ({ token, user }: { token: string; user: User }) => ({ token, users: legacyUser(user, USER_VIEWS.session) });

/** A post; a testimony's author named only as its consent allows (staff and the author see the real name). */
export const toLegacyPost = (post: Post, category: PostCategory | undefined, author: User | undefined, viewer: AuthUser | undefined) => ({
  id: post.id,
  name: post.name,
  slug: post.slug,
  body: post.body,
  excerpt: post.excerpt,
  image: post.image,
  postCategoryId: post.categoryId,
  postCategory: { id: post.categoryId, name: category?.name ?? '' },
  userId: post.authorId,
  usersId: post.authorId,
  users: author ? shownAuthor(post, legacyUser(author, USER_VIEWS.author), viewer) : null,
  status: post.status,
  createdAt: post.createdAt,
  updatedAt: post.updatedAt,
  displayName: post.displayName,
});

export const toLegacyCategory = (category: PostCategory) => ({ id: category.id, name: category.name });

export const toLegacyVideo = (video: Video) => ({
  id: video.id,
  title: video.title,
  video: video.video,
  poster: video.poster,
  createdAt: video.createdAt,
});

export const toLegacySlide = (slide: SliderImage) => ({ id: slide.id, title: slide.title, image: slide.image, position: slide.position });

export const toLegacyVisitImage = (image: VisitImage) => ({ id: image.id, title: image.title, image: image.image });

export const toLegacyMeetingImage = (image: MeetingImage) => ({
  id: image.id,
  zoomId: image.zoomId,
  password: image.password,
  image: image.image,
});

export const toLegacyBook = (book: Book) => ({
  id: book.id,
  title: book.title,
  price: book.price,
  currency: book.currency,
  image: book.image,
  description: book.description,
  createdAt: book.createdAt,
});

/** A prayer request as the legacy tables read it, with the spec's `users{...}`. */
/** The spec's shape, then what pastoral care added (privacy, wall, sharing); the member's place only for pastoral staff. */
export const toLegacyPrayerRequest = (request: PrayerRequest, viewer: AuthUser) => ({
  id: request.id,
  title: request.title,
  body: request.body,
  status: request.status,
  note: request.note,
  userId: request.userId,
  createdAt: request.createdAt,
  users: request.user ? forContactViewer(legacyUser(request.user, USER_VIEWS.requester), viewer, request.userId) : null,
  privacy: request.privacy,
  wallName: request.wallName,
  wallStatus: request.wallStatus,
  prayedCount: request.prayedCount,
  expiresAt: request.expiresAt,
});

/** A created checkout as the legacy client reads it: `id` is the PayPal order id, as PayPal answers it. */
export const toLegacyCheckout = (record: PaymentRecord) => ({
  id: record.paypalOrderId,
  status: 'CREATED',
  links: [{ href: record.approveUrl, rel: 'approve', method: 'GET' }],
  approveUrl: record.approveUrl,
  recordId: record.id,
});

export const toLegacyDonation = (donation: Donation, user?: User) => ({
  id: donation.id,
  orderID: donation.paypalOrderId,
  created_at: donation.createdAt,
  amount: donation.amount,
  currency: donation.currency,
  description: donation.description,
  status: donation.status,
  user: user ? legacyUser(user, USER_VIEWS.donor) : null,
});

export const toLegacyBookOrder = (order: BookOrder, user?: User) => ({
  id: order.id,
  orderID: order.paypalOrderId,
  created_at: order.createdAt,
  price: order.total,
  amount: order.total,
  currency: order.currency,
  title: order.lines.map((line) => (line.quantity > 1 ? `${line.title} (${line.quantity})` : line.title)).join(', '),
  items: order.items,
  deliveryAddress: order.deliveryAddress,
  status: order.status,
  user: user ? legacyUser(user, USER_VIEWS.buyer) : null,
});
