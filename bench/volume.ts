// The benchmark's data: a realistic volume added with set-based SQL on top of the demo seed, the home
// page's one GraphQL request, and the list queries whose plans are measured.
import type pg from 'pg';

export interface Volume {
  posts: number;
  videos: number;
  books: number;
  members: number;
  prayerRequests: number;
  donations: number;
}

export const VOLUME: Volume = { posts: 2000, videos: 200, books: 100, members: 10000, prayerRequests: 5000, donations: 20000 };

const IMAGE = 'image imageSrcSet imageWidth imageHeight';
const POST = `id name slug excerpt createdAt status ${IMAGE} category { id name } author { id firstname lastname }`;

/** The same shape as the web app's home loader (web/app/features/home/home-query.ts). */
export const HOME_QUERY = `query HomePage {
  slides: allSliderImages(sortField: "position", sortOrder: "ASC", perPage: 10) { id title ${IMAGE} }
  visit: allVisitImages(perPage: 1) { id title ${IMAGE} }
  meeting: allMeetingImages(perPage: 1) { id zoomId password ${IMAGE} }
  programs: allPosts(filter: { categoryId: 1 }, perPage: 4) { ${POST} }
  testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { ${POST} }
  videos: allVideos(perPage: 8) { id title video poster createdAt }
  blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { ${POST} }
}`;

/** The SQL behind the busiest lists, as the services build them (sort and filter on indexed columns). */
export const LIST_QUERIES: Record<string, string> = {
  'blog page (category 3, newest first)': `SELECT * FROM posts WHERE category_id = 3 ORDER BY created_at DESC, id DESC LIMIT 8`,
  'authorised testimonies': `SELECT * FROM posts WHERE category_id = 2 AND status = 'Authorised' ORDER BY created_at DESC, id DESC LIMIT 8`,
  'legacy all-posts-by-category/3': `SELECT * FROM posts WHERE category_id = 3 ORDER BY created_at DESC, id DESC LIMIT 1000`,
  'admin: members, newest first': `SELECT * FROM users ORDER BY id DESC LIMIT 25`,
  'admin: members search "smith"': `SELECT * FROM users WHERE firstname ILIKE '%smith%' OR lastname ILIKE '%smith%' OR email ILIKE '%smith%' ORDER BY id DESC LIMIT 25`,
  'admin: prayer requests, newest first': `SELECT * FROM prayer_requests ORDER BY created_at DESC, id DESC LIMIT 25`,
  'member: my prayer requests': `SELECT * FROM prayer_requests WHERE user_id = (SELECT max(id) FROM users) ORDER BY created_at DESC LIMIT 25`,
  'admin: posts count by category': `SELECT count(*) FROM posts WHERE category_id = 3`,
};

const PARAGRAPH =
  'Grace and peace to you. We gathered this week to pray, to sing and to hear the Word together, and we give thanks for every family who joined us.';

/** Adds the volume in a few statements; images reuse the demo seed's uploads so every card has a picture. */
export async function seedVolume(db: pg.Client, volume: Volume): Promise<void> {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (title, firstname, lastname, gender, marital_status, phone, email, password_hash, country, state, city, address, role, created_at)
     SELECT 'Brother', 'Member' || n, CASE WHEN n % 50 = 0 THEN 'Smith' ELSE 'Surname' || n END, 'male', 'single', '+44 7700 ' || lpad(n::text, 6, '0'),
            'bench-member-' || n || '@example.net', '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$YmVuY2g', 'United Kingdom', 'England', 'London', n || ' Bench Street', 'Member',
            now() - (n || ' minutes')::interval
     FROM generate_series(1, $1::int) AS n`,
    [volume.members],
  );
  await db.query(
    `INSERT INTO posts (name, slug, body, excerpt, image, category_id, author_id, status, created_at, updated_at)
     SELECT 'Bench post ' || n, 'bench-post-' || n, '<p>' || $2 || '</p>', left($2, 200),
            (SELECT image FROM posts WHERE image IS NOT NULL ORDER BY id OFFSET (n % 5) LIMIT 1),
            1 + n % 3, (SELECT min(id) FROM users), CASE WHEN n % 7 = 0 THEN 'UnAuthorised' ELSE 'Authorised' END,
            now() - (n || ' hours')::interval, now()
     FROM generate_series(1, $1::int) AS n`,
    [volume.posts, PARAGRAPH],
  );
  await db.query(
    `INSERT INTO videos (title, video, poster, created_at, updated_at)
     SELECT 'Bench message ' || n, (SELECT video FROM videos ORDER BY id LIMIT 1), (SELECT poster FROM videos ORDER BY id LIMIT 1),
            now() - (n || ' days')::interval, now()
     FROM generate_series(1, $1::int) AS n`,
    [volume.videos],
  );
  await db.query(
    `INSERT INTO books (title, price_pence, currency, image, description, created_at, updated_at)
     SELECT 'Bench book ' || n, 500 + n * 25, 'GBP', (SELECT image FROM books ORDER BY id LIMIT 1), $2, now() - (n || ' days')::interval, now()
     FROM generate_series(1, $1::int) AS n`,
    [volume.books, PARAGRAPH],
  );
  await db.query(
    `INSERT INTO prayer_requests (title, body, user_id, created_at)
     SELECT 'Prayer ' || n, $2, (SELECT max(id) FROM users) - (n % 1000), now() - (n || ' minutes')::interval
     FROM generate_series(1, $1::int) AS n`,
    [volume.prayerRequests, PARAGRAPH],
  );
  // Paid gifts by the bench's members, for the console's list of donations.
  await db.query(
    `INSERT INTO donations (status, currency, description, user_id, paypal_order_id, amount_minor, capture_id, capture_status, paid_at, created_at, updated_at)
     SELECT 'Paid', CASE WHEN n % 10 = 0 THEN 'USD' ELSE 'GBP' END, 'Gift to the ministry', (SELECT max(id) FROM users) - (n % 1000),
            'BENCH-ORDER-' || n, 500 + (n % 40) * 250, 'BENCH-CAPTURE-' || n, 'COMPLETED', now() - (n || ' minutes')::interval,
            now() - (n || ' minutes')::interval, now()
     FROM generate_series(1, $1::int) AS n`,
    [volume.donations],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
}
