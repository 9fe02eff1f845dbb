import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { binary, text } from './support/bodies.js';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * The podcast feed and the files it links to, checked against the rules of the places that read them: Apple's
 * "A Podcaster's Guide to RSS" and "Podcast RSS feed requirements" (podcasters.apple.com support 823), the podcast
 * namespace (podcastindex.org), RSS 2.0, RFC 9110's ranges and WebVTT. Each test names the rule it checks.
 */

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
/** RFC 9562 UUIDv5, written here from the RFC so the feed's GUID is checked against an independent reckoning. */
function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** Apple's "Religion & Spirituality" category and its subcategories (podcasters.apple.com support 1691). */
const APPLE_RELIGION = { text: 'Religion & Spirituality', sub: ['Buddhism', 'Christianity', 'Hinduism', 'Islam', 'Judaism', 'Religion', 'Spirituality'] };
/** "The type values for the supported file formats are: audio/x-m4a, audio/mpeg, …" (A Podcaster's Guide to RSS). */
const APPLE_ENCLOSURE_TYPES: Record<string, string> = { mp3: 'audio/mpeg', m4a: 'audio/x-m4a' };
/** RFC 2822 date-time, as Apple's example "Wed, 15 Jun 2019 19:00:00 GMT". */
const RFC_2822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UT|[+-]\d{4})$/;

const CREATE = `mutation ($title: String!, $audio: String, $seriesId: ID, $preachedOn: String, $summary: String, $transcript: String, $chapters: String) {
  createVideo(title: $title, video: "aqz-KE-bpKQ", audio: $audio, seriesId: $seriesId, preachedOn: $preachedOn, summary: $summary, inPodcast: true,
    transcript: $transcript, chapters: $chapters) { id podcastGuid episode audioBytes audioDurationSeconds } }`;
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nGrace and peace to you.\n';
const CHAPTERS = JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Welcome' }, { startTime: 1.5, title: 'Sermon' }] });

type Node = Record<string, any>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item', parseTagValue: false, trimValues: false });
const pathOf = (url: string) => new URL(url).pathname;

describe('the podcast against the rules of Apple, the podcast namespace, RSS and HTTP', () => {
  let t: TestApp;
  let admin: string;
  let seriesSlug: string;
  let xml: string;
  let channel: Node;
  const made: Record<string, { id: string; podcastGuid: string; episode: number | null; audioBytes: number; audioDurationSeconds: number }> = {};

  const upload = async (field: 'audio' | 'image', body: Buffer, name: string, purpose?: string) => {
    const call = t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`);
    if (purpose) call.field('purpose', purpose);
    return (await call.attach(field, body, name).expect(201)).body as { url: string; bytes: number };
  };
  const create = async (title: string, variables: Record<string, unknown>) => {
    const answer = await t.gql(CREATE, { title, ...variables }, admin);
    expect(answer.errors).toBeUndefined();
    made[title] = answer.data.createVideo;
  };
  const feed = async (path: string) => {
    const response = await t.http.get(path).buffer(true).parse(text).expect(200);
    return { xml: response.body as string, channel: parser.parse(response.body as string).rss.channel as Node };
  };
  const items = () => channel.item as Node[];
  const itemTitled = (title: string) => items().find((item) => item.title === title)!;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://site.test' });
    admin = await t.adminToken();
    const artwork = await upload('image', await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#2b1055' } }).png().toBuffer(), 'art.png', 'podcast');
    const settings = await t.gql(
      `mutation ($artwork: String) { updateSiteSettings(name: "Grace Harbour", podcastTitle: "Grace Harbour Sermons", podcastArtwork: $artwork,
        podcastOwnerEmail: "podcast@example.org", podcastCategory: "Religion & Spirituality > Christianity") { podcastTitle } }`,
      { artwork: artwork.url },
      admin,
    );
    expect(settings.errors).toBeUndefined();
    // A series' picture is an ordinary upload: a landscape photo, as a series banner usually is.
    const banner = await upload('image', await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#114455' } }).jpeg().toBuffer(), 'banner.jpg');
    const series = await t.gql(`mutation ($image: String) { createSermonSeries(title: "Psalms of Ascent", description: "Songs for the road", image: $image) { id slug } }`, { image: banner.url }, admin);
    expect(series.errors).toBeUndefined();
    seriesSlug = series.data.createSermonSeries.slug;

    const mp3 = await upload('audio', fixture('tone.mp3'), 'tone.mp3');
    const m4a = await upload('audio', fixture('tone.m4a'), 'tone.m4a');
    await create('Lifting my eyes', { audio: mp3.url, seriesId: series.data.createSermonSeries.id, preachedOn: '2026-09-06', summary: 'Psalm 121', transcript: VTT, chapters: CHAPTERS });
    await create('The shepherd', { audio: m4a.url, preachedOn: '2026-10-04', summary: 'Psalm 23' });
    // The console takes a summary of up to 5,000 characters.
    await create('A long summary', { audio: (await upload('audio', fixture('tone.mp3'), 'tone.mp3')).url, preachedOn: '2026-10-11', summary: 'Grace upon grace. '.repeat(260).trim() });
    ({ xml, channel } = await feed('/podcast.xml'));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('Apple: "Required tags must be present in your RSS feed or it won’t pass validation"', () => {
    it('declares XML 1.0 in UTF-8 and the itunes namespace exactly as Apple writes it', () => {
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).toMatch(/<rss[^>]* xmlns:itunes="http:\/\/www\.itunes\.com\/dtds\/podcast-1\.0\.dtd"/);
      expect(xml).toMatch(/<rss[^>]* version="2\.0"/);
    });

    it('gives the channel its title, link, description (at most 4000 bytes) and an ISO 639 language', () => {
      expect(channel.title).toBe('Grace Harbour Sermons');
      expect(channel.link).toMatch(/^https:\/\//);
      expect(typeof channel.description).toBe('string');
      expect(channel.description.length).toBeGreaterThan(0);
      expect(Buffer.byteLength(channel.description)).toBeLessThanOrEqual(4000);
      expect(channel.language).toMatch(/^[a-z]{2}(-[a-zA-Z]{2})?$/);
    });

    it('names a category from Apple’s list, its ampersand escaped as &amp;, with its subcategory inside', () => {
      expect(xml).toContain('<itunes:category text="Religion &amp; Spirituality">');
      const category = channel['itunes:category'];
      expect(category['@text']).toBe(APPLE_RELIGION.text);
      expect(APPLE_RELIGION.sub).toContain(category['itunes:category']['@text']);
    });

    it('says itunes:explicit as "true" or "false"', () => {
      expect(['true', 'false']).toContain(channel['itunes:explicit']);
    });

    it('has itunes:owner with an email and itunes:author (recommended)', () => {
      expect(channel['itunes:owner']['itunes:email']).toBe('podcast@example.org');
      expect(String(channel['itunes:author']).length).toBeGreaterThan(0);
    });

    it('links show artwork that is a square JPEG or PNG of 1400 to 3000 pixels in RGB, its extension naming its real type, answering HEAD', async () => {
      const href = channel['itunes:image']['@href'] as string;
      expect(href).toMatch(/^https:\/\/.+\.(jpg|png)$/);
      await t.http.head(pathOf(href)).expect(200);
      const image = (await t.http.get(pathOf(href)).buffer(true).parse(binary).expect(200)).body as Buffer;
      const meta = await sharp(image).metadata();
      expect(meta.format).toBe(href.endsWith('.png') ? 'png' : 'jpeg');
      expect(meta.width).toBe(meta.height);
      expect(meta.width).toBeGreaterThanOrEqual(1400);
      expect(meta.width).toBeLessThanOrEqual(3000);
      expect(meta.space).toBe('srgb');
      expect(meta.hasAlpha).toBe(false);
    });
  });

  describe('Apple: episode tags, and support 823 "Each episode must have a unique <enclosure> tag … Apple Podcasts ignores duplicate <enclosure> URLs"', () => {
    it('gives every episode a title and an enclosure with url, length and type', () => {
      expect(items().map((item) => item.title).sort()).toEqual(['A long summary', 'Lifting my eyes', 'The shepherd']);
      for (const item of items()) {
        expect(item.enclosure['@url']).toMatch(/^https:\/\//);
        expect(Number(item.enclosure['@length'])).toBeGreaterThan(0);
        expect(item.enclosure['@type']).toMatch(/^audio\//);
      }
      const urls = items().map((item) => item.enclosure['@url']);
      expect(new Set(urls).size).toBe(urls.length);
    });

    it('gives the enclosure’s length as the bytes served at its URL, which answers HEAD', async () => {
      for (const item of items()) {
        const head = await t.http.head(pathOf(item.enclosure['@url'])).expect(200);
        expect(head.headers['content-length']).toBe(item.enclosure['@length']);
      }
    });

    it('ends each enclosure URL in .mp3 or .m4a and types it with Apple’s value for that format (audio/mpeg, audio/x-m4a)', () => {
      for (const item of items()) {
        const extension = /\.(mp3|m4a)$/.exec(item.enclosure['@url'])?.[1];
        expect(extension).toBeDefined();
        expect([item.title, item.enclosure['@type']]).toEqual([item.title, APPLE_ENCLOSURE_TYPES[extension!]]);
      }
    });

    it('gives each episode a GUID that never changes: the sermon’s podcastGuid, isPermaLink="false", unique', () => {
      for (const item of items()) {
        expect(item.guid['@isPermaLink']).toBe('false');
        expect(item.guid['#text']).toBe(made[item.title].podcastGuid);
      }
      expect(new Set(items().map((item) => item.guid['#text'])).size).toBe(items().length);
    });

    it('dates each episode in RFC 2822 and gives its duration in seconds', () => {
      for (const item of items()) {
        expect(item.pubDate).toMatch(RFC_2822);
        expect(item['itunes:duration']).toBe(String(made[item.title].audioDurationSeconds));
      }
      expect(itemTitled('The shepherd').pubDate).toBe('Sun, 04 Oct 2026 00:00:00 GMT');
    });

    it('"Don’t add leading or trailing spaces to your values"', () => {
      const values = [channel.title, channel.description, channel['itunes:author'], ...items().flatMap((item) => [item.title, item.description, item.pubDate, item['itunes:duration']])];
      for (const value of values) expect(String(value)).toBe(String(value).trim());
    });

    it('numbers episodes (itunes:episode) with non-zero integers', () => {
      for (const item of items()) {
        if (item['itunes:episode'] !== undefined) expect(item['itunes:episode']).toMatch(/^[1-9]\d*$/);
      }
    });

    it('keeps every episode description within Apple’s 4000 bytes', () => {
      const over = items().filter((item) => Buffer.byteLength(String(item.description)) > 4000);
      expect(over.map((item) => item.title)).toEqual([]);
    });

    it('links episode artwork (series pictures) only when it meets the artwork rule: square, 1400 to 3000 pixels', async () => {
      for (const item of items()) {
        const href = item['itunes:image']?.['@href'] as string | undefined;
        if (!href) continue;
        const image = (await t.http.get(pathOf(href)).buffer(true).parse(binary).expect(200)).body as Buffer;
        const { width, height } = await sharp(image).metadata();
        expect([item.title, width === height && width >= 1400 && width <= 3000]).toEqual([item.title, true]);
      }
    });

    it('gives a series feed show artwork that meets the artwork rule, or the podcast’s own', async () => {
      const series = await feed(`/podcast/${seriesSlug}.xml`);
      const href = series.channel['itunes:image']?.['@href'] as string;
      expect(href).toBeDefined();
      const image = (await t.http.get(pathOf(href)).buffer(true).parse(binary).expect(200)).body as Buffer;
      const { width, height } = await sharp(image).metadata();
      expect({ width, square: width === height }).toEqual({ width: expect.any(Number), square: true });
      expect(width).toBeGreaterThanOrEqual(1400);
    });
  });

  describe('byte ranges: Apple support 823 "enable … byte-range requests"; RFC 9110 §14 and §15.5.17', () => {
    it('answers Range: bytes=0-1 with 206, Content-Range and Accept-Ranges: bytes', async () => {
      const { enclosure } = itemTitled('The shepherd');
      const part = await t.http.get(pathOf(enclosure['@url'])).set('range', 'bytes=0-1').buffer(true).parse(binary);
      expect(part.status).toBe(206);
      expect(part.headers['accept-ranges']).toBe('bytes');
      expect(part.headers['content-range']).toBe(`bytes 0-1/${enclosure['@length']}`);
      expect((part.body as Buffer).length).toBe(2);
    });

    it('answers an unsatisfiable range with 416 and Content-Range: bytes */length', async () => {
      const { enclosure } = itemTitled('The shepherd');
      const length = Number(enclosure['@length']);
      const beyond = await t.http.get(pathOf(enclosure['@url'])).set('range', `bytes=${length + 10}-${length + 20}`);
      expect(beyond.status).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${length}`);
    });
  });

  describe('https: every address in the feed uses the site’s https address', () => {
    it('has no http:// address besides namespace names', () => {
      const addresses = [...xml.matchAll(/(?:href|url)="([^"]+)"|<link>([^<]+)<\/link>/g)].map((match) => match[1] ?? match[2]);
      expect(addresses.length).toBeGreaterThan(3);
      for (const address of addresses) expect(address).toMatch(/^https:\/\//);
    });
  });

  describe('the podcast namespace', () => {
    it('"podcast:guid": a UUIDv5 of the feed URL without its scheme and trailing slashes, namespace ead4c236-…', () => {
      // The namespace's own examples check the reckoning used here.
      expect(uuidV5('podnews.net/rss', PODCAST_NAMESPACE)).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
      expect(uuidV5('mp3s.nashownotes.com/pc20rss.xml', PODCAST_NAMESPACE)).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
      expect(channel['podcast:guid']).toBe(uuidV5('site.test/podcast.xml', PODCAST_NAMESPACE));
      expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    });

    it('"podcast:locked": yes or no, with the owner’s email', () => {
      expect(['yes', 'no']).toContain(channel['podcast:locked']['#text']);
      expect(channel['podcast:locked']['@owner']).toBe('podcast@example.org');
    });

    it('"podcast:transcript": url and type; a WebVTT file served as text/vtt starting with WEBVTT', async () => {
      const transcript = itemTitled('Lifting my eyes')['podcast:transcript'];
      expect(transcript['@type']).toBe('text/vtt');
      const served = await t.http.get(pathOf(transcript['@url'])).buffer(true).parse(text).expect(200);
      expect(served.headers['content-type']).toMatch(/^text\/vtt/);
      expect(served.body as string).toMatch(/^(\uFEFF)?WEBVTT([ \t\n]|$)/);
      expect(itemTitled('The shepherd')['podcast:transcript']).toBeUndefined();
    });

    it('"podcast:chapters": url and type application/json+chapters; the file has version and chapters with startTime', async () => {
      const chapters = itemTitled('Lifting my eyes')['podcast:chapters'];
      expect(chapters['@type']).toBe('application/json+chapters');
      const served = await t.http.get(pathOf(chapters['@url'])).buffer(true).parse(text).expect(200);
      expect(served.headers['content-type']).toMatch(/^application\/json\+chapters/);
      const body = JSON.parse(served.body as string) as { version: string; chapters: { startTime: number }[] };
      expect(typeof body.version).toBe('string');
      expect(body.chapters.map((chapter) => chapter.startTime)).toEqual([0, 1.5]);
    });

    it('"podcast:guid" is assigned once and follows the podcast even if the feed URL changes', async () => {
      const moved = await startTestApp({ PUBLIC_URL: 'https://new-home.example' }, { database: t.databaseName });
      try {
        const response = await moved.http.get('/podcast.xml').buffer(true).parse(text).expect(200);
        expect(parser.parse(response.body as string).rss.channel['podcast:guid']).toBe(channel['podcast:guid']);
      } finally {
        await moved.close();
      }
    });
  });

  describe('WebVTT: a file is WebVTT only if it starts with "WEBVTT" followed by a space, tab or line end', () => {
    it('serves a transcript that merely starts with the letters WEBVTT as plain text', async () => {
      const mp3 = await upload('audio', fixture('tone.mp3'), 'tone.mp3');
      await create('Not a caption file', { audio: mp3.url, preachedOn: '2026-08-02', transcript: 'WEBVTTING is what we call our notes.' });
      const { channel: now } = await feed('/podcast.xml');
      const transcript = (now.item as Node[]).find((item) => item.title === 'Not a caption file')!['podcast:transcript'];
      expect(transcript['@type']).toBe('text/plain');
    });
  });

  describe('Apple: <itunes:image> is a required channel tag', () => {
    it('still names show artwork when the podcast artwork setting is cleared', async () => {
      const cleared = await t.gql(`mutation { updateSiteSettings(podcastArtwork: null) { podcastArtwork } }`, {}, admin);
      expect(cleared.errors).toBeUndefined();
      const { channel: now } = await feed('/podcast.xml');
      expect(now['itunes:image']?.['@href']).toMatch(/^https:\/\//);
    });
  });
});
