// The Easter crowd's side of the run: a keep-alive HTTP client whose every person comes from an address of their
// own (nginx passes it on and the app's per-address limits count it), and what each class of person does.
// Loops of requests rather than autocannon: a gift is a conversation (order, approval page, capture) whose answers
// feed the next request, every write's answer decides whether it is sent again under the same key, and each person
// needs their own address; autocannon sends fixed requests over fixed connections. node:http rather than fetch:
// it binds each request to an address (`localAddress`) and costs the shared machine less CPU per request.
import { randomUUID } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { MEMBER_QUERY, MY_PRAYER_REQUESTS } from './cold.ts';

export type TrafficClass = 'visitor' | 'member' | 'write';
export type WriteKind = 'prayer request' | 'contact form' | 'donation';

export interface Exchange {
  traffic: TrafficClass;
  /** The HTTP status; `0` when the connection failed, `cut 200` when an answer stopped before its end. */
  status: string;
  ms: number;
}

export interface Answer {
  /** The HTTP status, or 0 when the connection failed. */
  status: number;
  /** The answer stopped before its end (its instance died while sending it). */
  cut?: boolean;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Person {
  /** A loopback address of this person's own (Linux routes all of 127.0.0.0/8 to `lo`). */
  address: string;
  token?: string;
}

interface Call {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** An address per person: 127.<group>.x.y, so a group of people never shares one. */
export const personAddress = (group: number, n: number) => `127.${group}.${(n >> 8) & 255}.${n & 255}`;

/** Sends requests to one site and remembers every exchange; each person keeps their own connection alive. */
export class Crowd {
  readonly exchanges: Exchange[] = [];
  /** The first answers that were not 2xx or 3xx, and writes that were not acknowledged, for a reader to see why. */
  readonly problems: string[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 4 });
  private readonly target: URL;

  constructor(baseUrl: string) {
    this.target = new URL(baseUrl);
  }

  close() {
    this.agent.destroy();
  }

  async send(traffic: TrafficClass, person: Person, call: Call): Promise<Answer> {
    const started = performance.now();
    const answer = await this.exchange(person, call);
    this.exchanges.push({ traffic, status: `${answer.cut ? 'cut ' : ''}${answer.status}`, ms: performance.now() - started });
    if (answer.cut || answer.status < 200 || answer.status >= 400) this.note(`${answer.cut ? 'cut ' : ''}${answer.status} ${call.method ?? 'GET'} ${call.path}: ${answer.body.slice(0, 200)}`);
    return answer;
  }

  note(problem: string) {
    if (this.problems.length < 20) this.problems.push(problem);
  }

  private exchange(person: Person, { method = 'GET', path, headers = {}, body }: Call): Promise<Answer> {
    return new Promise((resolve) => {
      const sent = request(
        {
          host: this.target.hostname,
          port: this.target.port,
          localAddress: person.address,
          agent: this.agent,
          method,
          path,
          headers: {
            'accept-encoding': 'gzip',
            ...(person.token && { authorization: `Bearer ${person.token}` }),
            ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          const status = response.statusCode ?? 0;
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const bytes = Buffer.concat(chunks);
            try {
              const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
              resolve({ status, headers: response.headers, body: body.toString() });
            } catch {
              // A gzip stream that ends early: the body was cut, whatever the framing said.
              resolve({ status, cut: true, headers: response.headers, body: '' });
            }
          });
          // A promise settles once: after 'end' this changes nothing.
          response.on('close', () => resolve({ status, cut: true, headers: response.headers, body: '' }));
        },
      );
      sent.on('error', (error) => resolve({ status: 0, headers: {}, body: error.message }));
      sent.end(body);
    });
  }
}

const graphqlCall = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Call => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query, variables }),
});

/** A visitor's read: a page path, or a GraphQL query a page's browser code sends (messages: videos by page). */
export type VisitorRead = { path: string } | { videosPage: number };

const VIDEOS_PAGE = 'query Videos($page: Int) { allVideos(page: $page, perPage: 8, sortField: "createdAt", sortOrder: "DESC") { id title video poster createdAt } }';

export function visitorCall(read: VisitorRead): Call {
  return 'path' in read ? { path: read.path } : graphqlCall(VIDEOS_PAGE, { page: read.videosPage });
}

const MY_DONATIONS = 'query MyGifts { allDonations(sortField: "createdAt", sortOrder: "DESC", perPage: 10) { id amount currency status createdAt } }';

/** What a signed-in member reads, in turn: the newest posts and messages, their prayer requests, their gifts, a page rendered for them. */
export const MEMBER_READS: Call[] = [graphqlCall(MEMBER_QUERY), graphqlCall(MY_PRAYER_REQUESTS), graphqlCall(MY_DONATIONS), { path: '/' }];

/** How often a write is sent again after a 503 (a lost instance, or the database away) or a dropped connection. */
const WRITE_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a write until it is answered with something other than 503 or a dropped or cut connection, as a browser's form
 * does: the same body and the same Idempotency-Key each time, after the Retry-After asked for (at most 2 s).
 */
async function persist(crowd: Crowd, person: Person, call: Call): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await crowd.send('write', person, call);
    if ((answer.status !== 503 && answer.status !== 0 && !answer.cut) || attempt === WRITE_ATTEMPTS) return answer;
    await sleep(Math.min(Number(answer.headers['retry-after'] ?? 1), 2) * 1000);
  }
}

const dataOf = (answer: Answer): Record<string, any> | undefined => {
  try {
    return answer.status === 200 ? JSON.parse(answer.body).data ?? undefined : undefined;
  } catch {
    return undefined;
  }
};

/** Whether a write was acknowledged; when not, what the site answered, noted. */
function acknowledged(crowd: Crowd, what: string, answer: Answer, ok: boolean): boolean {
  if (!ok) crowd.note(`${what} not acknowledged: ${answer.status} ${answer.body.slice(0, 200)}`);
  return ok;
}

const withKey = () => ({ 'idempotency-key': randomUUID() });

/** A member's prayer request titled `marker`; true when the site acknowledged it. */
export async function prayerRequest(crowd: Crowd, member: Person, marker: string): Promise<boolean> {
  const answer = await persist(
    crowd,
    member,
    graphqlCall('mutation ($title: String!, $body: String!) { createPrayerRequest(title: $title, body: $body) { id } }', { title: marker, body: 'Please pray for our Easter services.' }, withKey()),
  );
  return acknowledged(crowd, 'prayer request', answer, Boolean(dataOf(answer)?.createPrayerRequest?.id));
}

/** A visitor's contact form whose message is `marker`; true when acknowledged (201). */
export async function contactForm(crowd: Crowd, visitor: Person, marker: string): Promise<boolean> {
  const body = JSON.stringify({ name: 'Mary', email: 'mary@example.net', phone: '020 7946 0003', reason: 'prayer', message: marker });
  const answer = await persist(crowd, visitor, { method: 'POST', path: '/api/contact-us', headers: { 'content-type': 'application/json', ...withKey() }, body });
  return acknowledged(crowd, 'contact form', answer, answer.status === 201);
}

/**
 * A member's gift described as `marker`, the whole PayPal round: the order, the buyer paying on the emulator's
 * approval page, the capture. True when the capture came back COMPLETED and Paid.
 */
export async function donation(crowd: Crowd, member: Person, marker: string): Promise<boolean> {
  const order = await persist(
    crowd,
    member,
    graphqlCall('mutation ($description: String) { createDonation(amount: 10, currency: "GBP", description: $description) { orderID approveUrl } }', { description: marker }),
  );
  const created = dataOf(order)?.createDonation;
  if (!acknowledged(crowd, 'donation order', order, Boolean(created))) return false;
  const approval = new URL(created.approveUrl);
  const page = await persist(crowd, member, { path: `${approval.pathname}${approval.search}` });
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page.body)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  const [token, key] = [field('token'), field('key')];
  if (!acknowledged(crowd, 'approval page', page, page.status === 200 && Boolean(action && token && key))) return false;
  const form = new URLSearchParams({ token: token!, key: key!, action: 'pay' }).toString();
  const paid = await persist(crowd, member, { method: 'POST', path: action!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const orderID = paid.status === 303 ? new URL(String(paid.headers.location)).searchParams.get('token') : null;
  if (!acknowledged(crowd, 'payment on the approval page', paid, Boolean(orderID))) return false;
  const capture = await persist(crowd, member, graphqlCall('mutation ($orderID: String!) { captureDonation(orderID: $orderID) { status donation { status } } }', { orderID }));
  const captured = dataOf(capture)?.captureDonation;
  return acknowledged(crowd, 'donation capture', capture, captured?.status === 'COMPLETED' && captured.donation?.status === 'Paid');
}

/** A member account, registered and signed in through the site from the member's own address. */
export async function signUp(crowd: Crowd, address: string, n: number): Promise<Person> {
  const person: Person = { address };
  const email = `easter.member.${n}.${Date.now()}@example.net`;
  const password = 'he-is-risen-indeed';
  const register = await crowd.send(
    'member',
    person,
    graphqlCall(
      `mutation ($email: String!, $password: String!) { register(title: "Sister", firstname: "Joanna", lastname: "Easter", gender: "female", marital_status: "married",
        phone: "020 7946 0004", email: $email, password: $password, country: "United Kingdom", state: "England", city: "London", address: "3 Garden Row") { id } }`,
      { email, password },
    ),
  );
  if (!dataOf(register)?.register) throw new Error(`registration failed (${register.status}): ${register.body.slice(0, 300)}`);
  const login = await crowd.send('member', person, graphqlCall('mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', { email, password }));
  const token = dataOf(login)?.login?.token;
  if (!token) throw new Error(`login failed (${login.status}): ${login.body.slice(0, 300)}`);
  return { address, token };
}
