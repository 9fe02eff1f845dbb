import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import ical from 'node-ical';
import Parser from 'rss-parser';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { startTestApp, TestApp } from './support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('feeds and files for calendars, feed readers and search engines', () => {
  let t: TestApp;
  let admin: string;
  let weekly: { id: string; startsAt: string };
  let blogId: string;

  const text = async (path: string, type: RegExp) => {
    const response = await t.http.get(path).buffer(true).parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    return response.body as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    await t.gql(
      `mutation { updateSiteSettings(name: "Grace Harbour", shortName: "Grace", addressLines: ["12 Example Street", "London"], postcode: "E1 7AA",
        emails: [{ label: "General", address: "hello@example.org" }],
        weeklySchedule: [{ day: "Sunday", activity: "Sunday service", opens: "10:00", closes: "12:30" }]) { name } }`,
      {},
      admin,
    );
    const start = new Date(Date.now() + 7 * DAY);
    start.setUTCHours(18, 0, 0, 0);
    const made = await t.gql(
      `mutation { createPost(name: "Midweek prayer", body: "<p>Pray with us</p>", categoryId: 1, startsAt: "${start.toISOString()}",
        endsAt: "${new Date(start.getTime() + 90 * 60_000).toISOString()}", location: "Main hall", recurrence: "FREQ=WEEKLY;BYDAY=${['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][start.getUTCDay()]}") { id startsAt } }`,
      {},
      admin,
    );
    weekly = made.data.createPost;
    await t.gql(`mutation { createPost(name: "Last week", body: "<p>x</p>", categoryId: 1, startsAt: "${new Date(Date.now() - 7 * DAY).toISOString()}") { id } }`, {}, admin);
    blogId = (await t.gql('mutation { createPost(name: "Finding peace", body: "<p>Be still &amp; know</p>", categoryId: 3) { id } }', {}, admin)).data.createPost.id;
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Sunday sermon', 'dQw4w9WgXcQ')`);
    await t.db.query(`INSERT INTO books (title, price_pence, currency, description) VALUES ('Daily bread', 1250, 'GBP', 'Devotions')`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes upcoming programs and the weekly services as an iCalendar feed', async () => {
    const body = await text('/events.ics', /^text\/calendar/);
    expect(body).toContain('BEGIN:VTIMEZONE');
    expect(body).toContain('TZID:Europe/London');
    expect(body).toMatch(/DTSTART;TZID=Europe\/London:\d{8}T\d{6}/);
    const events = Object.values(ical.sync.parseICS(body)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
    const prayer = events.find((e) => e.summary === 'Midweek prayer')!;
    expect(prayer.uid).toBe(`program-${weekly.id}@site.test`);
    expect(prayer.start.toISOString()).toBe(weekly.startsAt);
    expect(prayer.rrule?.toString()).toMatch(/FREQ=WEEKLY/);
    expect(prayer.location).toBe('Main hall');
    expect(prayer.dtstamp).toBeTruthy();
    expect(events.map((e) => e.summary)).not.toContain('Last week');

    const service = events.find((e) => e.summary === 'Sunday service')!;
    expect(service.uid).toMatch(/^service-su-sunday-service@site\.test$/);
    expect(service.rrule?.toString()).toContain('BYDAY=SU');
    expect(service.start.getUTCHours()).toBe(10); // 10:00 London in January is 10:00 UTC

    // The same feed twice: the same UIDs, so subscribers update rather than duplicate.
    const again = Object.values(ical.sync.parseICS(await text('/events.ics', /^text\/calendar/))).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('offers one program as a calendar file, and 404 for what is not a dated program', async () => {
    const body = await text(`/events/${weekly.id}.ics`, /^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(body)).filter((c) => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    await t.http.get(`/events/${blogId}.ics`).expect(404);
    await t.http.get('/events/999999.ics').expect(404);
  });

  it('escapes line breaks and separators in the calendar’s name, PRODID and texts, so none becomes a line of its own', async () => {
    // Stored before line breaks were refused on write (or written by hand): the calendar still escapes them.
    const injected = 'Evt\r\nATTENDEE:mailto:x@evil\r\nX-INJ:1';
    const [{ id }] = await t.db.query(`INSERT INTO posts (name, slug, body, excerpt, category_id, starts_at, location) VALUES ($1, 'injected', '<p>x</p>', 'x', 1, $2, $3) RETURNING id`, [
      `${injected}\rX-CR:1\nX-LF:1`,
      new Date(Date.now() + 2 * DAY),
      `Hall\nX-LOC:1`,
    ]);
    const [{ name }] = await t.db.query(`SELECT name FROM site_settings`);
    await t.db.query(`UPDATE site_settings SET name = $1`, [`Grace; Harbour, Church\r\nX-SITE:1\\`]);
    // Written in SQL, past TypeORM: the calendars kept from the tests above are dropped by hand.
    t.app.get(PublicReadCache).clear();
    try {
      for (const path of [`/events/${id}.ics`, '/events.ics']) {
        const body = await text(path, /^text\/calendar/);
        // RFC 5545 3.1: lines end in CRLF; no bare CR or LF anywhere, and no injected property at a line's start.
        expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        const lines = body.replace(/\r\n[ \t]/g, '').split('\r\n');
        expect(lines.filter((line) => /^(ATTENDEE|X-INJ|X-CR|X-LF|X-LOC|X-SITE)/.test(line))).toEqual([]);
        expect(lines).toContain('PRODID:-//Grace\\; Harbour\\, Church\\nX-SITE:1\\\\//programs//EN');
        const events = Object.values(ical.sync.parseICS(body)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
        expect(events.find((e) => e.uid === `program-${id}@site.test`)).toMatchObject({ summary: `${injected}\nX-CR:1\nX-LF:1`.replace(/\r\n/g, '\n'), location: 'Hall\nX-LOC:1' });
      }
      const one = (await text(`/events/${id}.ics`, /^text\/calendar/)).replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(one).toContain('X-WR-CALNAME:Evt\\nATTENDEE:mailto:x@evil\\nX-INJ:1\\nX-CR:1\\nX-LF:1');
    } finally {
      await t.db.query(`DELETE FROM posts WHERE id = $1`, [id]);
      await t.db.query(`UPDATE site_settings SET name = $1`, [name]);
      t.app.get(PublicReadCache).clear();
    }
  });

  it('writes every line of a calendar as RFC 5545 says: CRLF-ended, at most 75 octets, folded between whole UTF-8 characters, no control characters', async () => {
    // A hostile, long and multi-byte name, stored past the write checks (as data from before them would be).
    const name = `Évènement « prière » 🙏 ${'日本語の祈り'.repeat(12)}\u0007\u007f\u000b;,\\ end`;
    const [{ id }] = await t.db.query(
      `INSERT INTO posts (name, slug, body, excerpt, category_id, starts_at, location, recurrence) VALUES ($1, 'long-utf8', '<p>x</p>', $2, 1, $3, $4, $5) RETURNING id`,
      [name, `${'Ω'.repeat(100)}\u0001`, new Date(Date.now() + 3 * DAY), `Hall 🙏${'é'.repeat(80)}`, 'FREQ=WEEKLY\r\nATTENDEE:mailto:x@evil'],
    );
    t.app.get(PublicReadCache).clear();
    try {
      for (const path of [`/events/${id}.ics`, '/events.ics']) {
        const response = await t.http.get(path).buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
        const bytes = response.body as Buffer;
        const body = bytes.toString('utf8');
        // 3.4 and 3.1: every content line, END:VCALENDAR included, ends in CRLF.
        expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
        const physical = body.slice(0, -2).split('\r\n');
        for (const line of physical) {
          // 3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break."
          expect({ line, octets: Buffer.byteLength(line) }).toEqual({ line, octets: Math.min(Buffer.byteLength(line), 75) });
          // Folded between whole characters: each physical line is valid UTF-8 on its own.
          expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
          expect(line).not.toContain('\ufffd');
        }
        const lines = body.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
        for (const line of lines) {
          // 3.1: contentline = name *(";" param) ":" value; VALUE-CHAR = WSP / %x21-7E / NON-US-ASCII (no CTL but HTAB).
          expect(line).toMatch(/^[A-Za-z0-9-]+(;[^:]*)?:/);
          expect(line).not.toMatch(/(?!\t)\p{Cc}/u);
          // A stored recurrence is one RRULE or none: never lines of its own.
          expect(line).not.toMatch(/^ATTENDEE/);
        }
        const events = Object.values(ical.sync.parseICS(body)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
        expect(events.find((e) => e.uid === `program-${id}@site.test`)?.summary).toContain('日本語の祈り'.repeat(12));
      }
    } finally {
      await t.db.query(`DELETE FROM posts WHERE id = $1`, [id]);
      t.app.get(PublicReadCache).clear();
    }
  });

  it('writes a summer program at its London time, and DTSTAMP, CREATED and LAST-MODIFIED in UTC as RFC 5545 requires', async () => {
    // 18:00 UTC on a July evening is 19:00 in London (BST), whatever zone the server itself runs in.
    const made = await t.gql(
      `mutation { createPost(name: "Summer evening prayer", body: "<p>x</p>", categoryId: 1, startsAt: "2027-07-07T18:00:00.000Z", endsAt: "2027-07-07T19:30:00.000Z") { id } }`,
      {},
      admin,
    );
    const id = made.data.createPost.id;
    try {
      const body = await text(`/events/${id}.ics`, /^text\/calendar/);
      const lines = body.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(lines).toContain('DTSTART;TZID=Europe/London:20270707T190000');
      expect(lines).toContain('DTEND;TZID=Europe/London:20270707T203000');
      // 3.8.7.2 DTSTAMP, 3.8.7.1 CREATED, 3.8.7.3 LAST-MODIFIED: "The value MUST be specified in the UTC time format."
      for (const name of ['DTSTAMP', 'CREATED', 'LAST-MODIFIED']) {
        expect(lines.filter((line) => line.startsWith(`${name}:`)).every((line) => /^[A-Z-]+:\d{8}T\d{6}Z$/.test(line))).toBe(true);
        expect(lines.some((line) => line.startsWith(`${name}:`))).toBe(true);
      }
      const [event] = Object.values(ical.sync.parseICS(body)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
      expect(event.start.toISOString()).toBe('2027-07-07T18:00:00.000Z');
      // Calendar properties come before the components (3.4: icalbody = calprops component).
      const firstComponent = lines.findIndex((line) => /^BEGIN:V(TIMEZONE|EVENT)$/.test(line));
      expect(lines.slice(firstComponent).filter((line) => /^(X-WR-|NAME:|PRODID:|URL:|REFRESH-INTERVAL)/.test(line))).toEqual([]);
    } finally {
      await t.db.query(`DELETE FROM posts WHERE id = $1`, [id]);
      t.app.get(PublicReadCache).clear();
    }
  });

  it('publishes RSS 2.0 of the blog and of video messages', async () => {
    const parser = new Parser();
    const blog = await parser.parseString(await text('/blog/rss.xml', /^application\/rss\+xml/));
    expect(blog.title).toBe('Blog | Grace Harbour');
    expect(blog.items[0]).toMatchObject({ title: 'Finding peace', link: `http://site.test/post-details/${blogId}` });
    const videos = await parser.parseString(await text('/videos/rss.xml', /^application\/rss\+xml/));
    expect(videos.items[0]).toMatchObject({ title: 'Sunday sermon', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('lists every public page and post in the sitemap, absolute and dated, and names it in robots.txt', async () => {
    const xml = new XMLParser().parse(await text('/sitemap.xml', /^application\/xml/));
    const urls = xml.urlset.url as { loc: string; lastmod: string }[];
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(expect.arrayContaining(['http://site.test/', 'http://site.test/programs', `http://site.test/post-details/${blogId}`, `http://site.test/post-details/${weekly.id}`]));
    expect(locs.some((loc) => /^http:\/\/site\.test\/book-details-page\/\d+$/.test(loc))).toBe(true);
    expect(urls.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod))).toBe(true);

    const robots = await text('/robots.txt', /^text\/plain/);
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /user');
    expect(robots).toContain('Sitemap: http://site.test/sitemap.xml');
  });

  it('answers security.txt with the contact from settings, and a web app manifest', async () => {
    const security = await text('/.well-known/security.txt', /^text\/plain/);
    expect(security).toContain('Contact: mailto:hello@example.org');
    expect(security).toMatch(/Expires: \d{4}-\d{2}-\d{2}T00:00:00\.000Z/);
    const manifest = JSON.parse(await text('/manifest.webmanifest', /^application\/manifest\+json/));
    expect(manifest).toMatchObject({ name: 'Grace Harbour', short_name: 'Grace', start_url: '/' });
  });
});
