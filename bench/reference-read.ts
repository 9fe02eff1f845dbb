// The member's reading (`MEMBER_QUERY` in cold.ts) and an Admin's page of 25 donations (`ADMIN_DONATIONS`, at
// `/donations`) answered by the least a server can do, as the references for the app's rows: Node's http module and
// one pg pool; the bearer token's HS256 signature and expiry checked; statements selecting only the columns the query
// asks for; the same fields as JSON, gzipped in one call. Prints its port. Environment: DATABASE_URL, JWT_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

const POSTS = `SELECT p.id::text, p.name, p.slug, p.excerpt, p.created_at AS "createdAt", p.status, p.image, up.width, up.height, up.variants,
         c.id::text AS "categoryId", c.name AS "categoryName", a.id::text AS "authorId", a.firstname, a.lastname
  FROM posts p LEFT JOIN uploads up ON up.url = p.image LEFT JOIN post_categories c ON c.id = p.category_id LEFT JOIN users a ON a.id = p.author_id
  WHERE p.category_id = 3 AND (p.status = 'Authorised' OR p.author_id = $1)
  ORDER BY p.created_at DESC, p.id DESC LIMIT 8`;
const VIDEOS = `SELECT id::text, title, video, poster, created_at AS "createdAt" FROM videos ORDER BY created_at DESC, id DESC LIMIT 8`;
const DONATIONS = `SELECT d.id::text, d.amount_minor / 100.0 AS amount, d.created_at AS "createdAt", d.currency, d.description,
         d.exchange_rate AS "exchangeRate", d.exchange_rate_date AS "exchangeRateDate", d.exchange_rate_source AS "exchangeRateSource",
         d.failure_message AS "failureMessage", d.gift_aid AS "giftAid", d.gift_aid_adjustment_claim_id::text AS "giftAidAdjustmentClaimId",
         d.gift_aid_claim_id::text AS "giftAidClaimId", d.gift_aid_declaration_id::text AS "giftAidDeclarationId",
         d.paypal_order_id AS "orderID", d.paid_at AS "paidAt", d.refunded_amount_minor / 100.0 AS "refundedAmount", d.refunded_at AS "refundedAt",
         d.regular_donation_id::text AS "regularDonationId", d.status, d.sterling_amount_minor / 100.0 AS "sterlingAmount", d.updated_at AS "updatedAt",
         u.id::text AS "userId", u.firstname, u.lastname, u.email, u.phone, u.country, u.state
  FROM donations d LEFT JOIN users u ON u.id = d.user_id
  ORDER BY d.created_at DESC, d.id DESC LIMIT 25`;
const REFUNDS = `SELECT id::text, donation_id::text AS "donationId", amount_minor / 100.0 AS amount, created_at AS "createdAt",
         gift_aid_claim_id::text AS "giftAidClaimId", kind, paypal_id AS "paypalId", refunded_at AS "refundedAt"
  FROM donation_refunds WHERE donation_id = ANY($1::int[])`;
const COUNT = 'SELECT count(*)::int AS count FROM donations';

const secret = process.env.JWT_SECRET!;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 });

/** The token's subject, when its signature and expiry hold. */
function subjectOf(authorization: string | undefined): string | undefined {
  const [header, payload, signature] = (authorization?.replace(/^Bearer /, '') ?? '').split('.');
  if (!signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string | number; exp?: number };
  return claims.sub !== undefined && (claims.exp ?? 0) * 1000 > Date.now() ? String(claims.sub) : undefined;
}

type PostRow = Record<string, unknown> & { variants: { url: string; width: number }[] | null };

const post = ({ width, height, variants, categoryId, categoryName, authorId, firstname, lastname, ...row }: PostRow) => ({
  ...row,
  imageSrcSet: variants?.map((variant) => `${variant.url} ${variant.width}w`).join(', ') ?? null,
  imageWidth: width,
  imageHeight: height,
  category: categoryId && { id: categoryId, name: categoryName },
  author: authorId && { id: authorId, firstname, lastname },
});

/** An Admin's page of donations: the page, its refunds and the total, as the console asks for them. */
async function donationsPage() {
  const [page, total] = await Promise.all([pool.query<Record<string, unknown>>(DONATIONS), pool.query<{ count: number }>(COUNT)]);
  const refunds = await pool.query<{ donationId: string }>(REFUNDS, [page.rows.map((row) => row.id)]);
  const items = page.rows.map(({ userId, firstname, lastname, email, phone, country, state, ...row }) => ({
    ...row,
    refunds: refunds.rows.filter((refund) => refund.donationId === row.id),
    user: userId ? { id: userId, firstname, lastname, email, phone, country, state } : null,
  }));
  return { data: { items, total: { count: total.rows[0].count } } };
}

async function memberReading(subject: string) {
  const [posts, videos] = await Promise.all([pool.query<PostRow>(POSTS, [subject]), pool.query(VIDEOS)]);
  return { data: { posts: posts.rows.map(post), videos: videos.rows } };
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const subject = subjectOf(req.headers.authorization);
    if (!subject) return void res.writeHead(401).end();
    (req.url === '/donations' ? donationsPage() : memberReading(subject)).then(
      (answer) => {
        const body = gzipSync(JSON.stringify(answer));
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-encoding': 'gzip',
          'content-length': body.length,
          'cache-control': 'private, no-store',
        });
        res.end(body);
      },
      () => void res.writeHead(503).end(),
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
