import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'rss-parser';
import sharp from 'sharp';
import { podcastGuidOf } from '../src/site/podcast.service.js';
import { binary, text } from './support/bodies.js';
import { startTestApp, TestApp } from './support/test-app.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

type Attributes = { $: Record<string, string> };
type Item = Parser.Item & {
  enclosure: { url: string; length: string; type: string };
  itunes: { duration?: string; episode?: string; image?: string };
  'podcast:transcript'?: Attributes;
  'podcast:chapters'?: Attributes;
};
const parser = new Parser<{ language: string; 'podcast:guid': string; 'itunes:type': string }, Item>({
  customFields: { feed: ['language', 'podcast:guid', 'itunes:type'], item: ['podcast:transcript', 'podcast:chapters'] },
});

const CREATE = `mutation ($title: String!, $audio: String, $seriesId: ID, $preachedOn: String, $summary: String, $inPodcast: Boolean, $transcript: String, $chapters: String) {
  createVideo(title: $title, video: "aqz-KE-bpKQ", audio: $audio, seriesId: $seriesId, preachedOn: $preachedOn, summary: $summary, inPodcast: $inPodcast,
    transcript: $transcript, chapters: $chapters) { id podcastGuid episode audio audioBytes } }`;
const CHAPTERS = JSON.stringify({
  version: '1.2.0',
  chapters: [
    { startTime: 0, title: 'Welcome' },
    { startTime: 2, title: 'Sermon' },
  ],
});
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nGrace and peace to you.\n';

describe('the podcast feed', () => {
  let t: TestApp;
  let admin: string;
  let seriesSlug: string;
  const sermons: Record<string, { id: string; podcastGuid: string; audio: string | null; audioBytes: number | null }> = {};

  const feed = async (path: string) => {
    const response = await t.http.get(path).buffer(true).parse(text).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    return { xml: response.body as string, parsed: await parser.parseString(response.body as string) };
  };
  const upload = async (name: string) =>
    (await t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).attach('audio', fixture(name), name).expect(201)).body as {
      url: string;
      bytes: number;
    };
  const create = async (key: string, variables: Record<string, unknown>) => {
    const made = await t.gql(CREATE, { title: key, ...variables }, admin);
    expect(made.errors).toBeUndefined();
    sermons[key] = made.data.createVideo;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    const artwork = await t.http
      .post('/api/uploads')
      .set('authorization', `Bearer ${admin}`)
      .field('purpose', 'podcast')
      .attach(
        'image',
        await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#2b1055' } })
          .png()
          .toBuffer(),
        'art.png',
      )
      .expect(201);
    const settings = await t.gql(
      `mutation ($artwork: String) { updateSiteSettings(name: "Grace Harbour", podcastTitle: "Grace Harbour Sermons", podcastArtwork: $artwork,
        podcastOwnerEmail: "podcast@example.org", podcastCategory: "Religion & Spirituality > Christianity") { podcastTitle } }`,
      { artwork: artwork.body.url },
      admin,
    );
    expect(settings.errors).toBeUndefined();
    const series = await t.gql(`mutation { createSermonSeries(title: "Psalms of Ascent", description: "Songs for the road") { id slug } }`, {}, admin);
    seriesSlug = series.data.createSermonSeries.slug;
    const seriesId = series.data.createSermonSeries.id;

    const mp3 = await upload('tone.mp3');
    const m4a = await upload('tone.m4a');
    await create('Older, in the series', {
      audio: mp3.url,
      seriesId,
      preachedOn: '2026-09-06',
      summary: 'Psalm 121',
      inPodcast: true,
      transcript: VTT,
      chapters: CHAPTERS,
    });
    await create('Newer, not in a series', { audio: m4a.url, preachedOn: '2026-10-04', summary: 'Psalm 23', inPodcast: true, transcript: 'Grace and peace.' });
    await create('Audio but not published', { audio: (await upload('tone.mp3')).url, preachedOn: '2026-10-11', seriesId });
    await create('Published without audio', { preachedOn: '2026-10-18' });
  });
  afterAll(() => t.close());

  it('publishes every sermon in the podcast with its audio, newest first, with Apple’s required tags', async () => {
    const { parsed } = await feed('/podcast.xml');
    expect(parsed.title).toBe('Grace Harbour Sermons');
    expect(parsed.language).toBe('en-GB');
    expect(parsed.itunes).toMatchObject({
      author: 'Grace Harbour',
      explicit: 'false',
      owner: { name: 'Grace Harbour', email: 'podcast@example.org' },
      image: expect.stringMatching(/^http:\/\/site\.test\/uploads\/[a-f0-9]{32}\.jpg$/),
      categories: ['Religion & Spirituality'],
    });
    expect(parsed['itunes:type']).toBe('episodic');
    expect(parsed['podcast:guid']).toBe(podcastGuidOf('http://site.test/podcast.xml'));
    expect(parsed.items.map((item) => item.title)).toEqual(['Newer, not in a series', 'Older, in the series']);

    for (const item of parsed.items) {
      const sermon = sermons[item.title!];
      expect(item.guid).toBe(sermon.podcastGuid);
      expect(item.enclosure.url).toBe(`http://site.test${sermon.audio}`);
      expect(Number(item.enclosure.length)).toBe(sermon.audioBytes);
      expect(item.itunes.duration).toBe('3');
      expect(item.link).toBe(`http://site.test/sermons/${sermon.id}`);
      const served = await t.http.get(new URL(item.enclosure.url).pathname).expect(200);
      expect(Number(served.headers['content-length'])).toBe(Number(item.enclosure.length));
      // Apple names M4A audio/x-m4a; the file itself is served with the registered audio/mp4.
      expect(served.headers['content-type']).toBe(item.enclosure.type === 'audio/x-m4a' ? 'audio/mp4' : item.enclosure.type);
    }
    expect(new Set(parsed.items.map((item) => item.enclosure.url)).size).toBe(parsed.items.length);
    expect(parsed.items.map((item) => item.enclosure.type)).toEqual(['audio/x-m4a', 'audio/mpeg']);
    expect(parsed.items[0].pubDate).toBe('Sun, 04 Oct 2026 00:00:00 GMT');
  });

  it('names the subcategory, the lock, the self link and each episode’s transcript and chapters', async () => {
    const { xml, parsed } = await feed('/podcast.xml');
    expect(xml).toMatch(/<itunes:category text="Religion &amp; Spirituality">\s*<itunes:category text="Christianity"/);
    expect(xml).toContain('<podcast:locked owner="podcast@example.org">yes</podcast:locked>');
    expect(xml).toContain('<atom:link href="http://site.test/podcast.xml" rel="self" type="application/rss+xml"');

    const [newer, older] = parsed.items;
    expect(older['podcast:transcript']?.$).toEqual({ url: `http://site.test/sermons/${sermons[older.title!].id}/transcript.vtt`, type: 'text/vtt' });
    expect(older['podcast:chapters']?.$).toEqual({
      url: `http://site.test/sermons/${sermons[older.title!].id}/chapters.json`,
      type: 'application/json+chapters',
    });
    expect(newer['podcast:transcript']?.$).toEqual({ url: `http://site.test/sermons/${sermons[newer.title!].id}/transcript.txt`, type: 'text/plain' });
    expect(newer['podcast:chapters']).toBeUndefined();

    const vtt = await t.http.get(`/sermons/${sermons[older.title!].id}/transcript.vtt`).buffer(true).parse(text).expect(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body).toBe(VTT);
    await t.http.get(`/sermons/${sermons[older.title!].id}/transcript.txt`).expect(404);
    const plain = await t.http.get(`/sermons/${sermons[newer.title!].id}/transcript.txt`).buffer(true).parse(text).expect(200);
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.body).toBe('Grace and peace.');
    const chapters = await t.http.get(`/sermons/${sermons[older.title!].id}/chapters.json`).buffer(true).parse(text).expect(200);
    expect(chapters.headers['content-type']).toMatch(/^application\/json\+chapters/);
    expect(JSON.parse(chapters.body as string)).toEqual(JSON.parse(CHAPTERS));
    await t.http.get(`/sermons/${sermons[newer.title!].id}/chapters.json`).expect(404);
  });

  it('keeps each episode’s GUID when the sermon is edited', async () => {
    const older = sermons['Older, in the series'];
    const renamed = await t.gql(`mutation ($id: ID!) { updateVideo(id: $id, title: "Older, renamed") { podcastGuid } }`, { id: older.id }, admin);
    expect(renamed.data.updateVideo.podcastGuid).toBe(older.podcastGuid);
    const { parsed } = await feed('/podcast.xml');
    const item = parsed.items.find((i) => i.title === 'Older, renamed');
    expect(item?.guid).toBe(older.podcastGuid);
    sermons['Older, renamed'] = older;
  });

  it('gives one series its own feed with only its sermons, and 404 for an unknown series', async () => {
    const { parsed } = await feed(`/podcast/${seriesSlug}.xml`);
    expect(parsed.title).toBe('Psalms of Ascent');
    expect(parsed['podcast:guid']).toBe(podcastGuidOf(`http://site.test/podcast/${seriesSlug}.xml`));
    expect(parsed.items.map((item) => item.guid)).toEqual([sermons['Older, in the series'].podcastGuid]);
    await t.http.get('/podcast/no-such-series.xml').expect(404);
  });

  it('takes artwork only from images uploaded as podcast artwork: a series picture in WebP is not Apple’s', async () => {
    const picture = await t.http
      .post('/api/uploads')
      .set('authorization', `Bearer ${admin}`)
      .field('purpose', 'post')
      .attach(
        'image',
        await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c8963e' } })
          .png()
          .toBuffer(),
        'series.png',
      )
      .expect(201);
    const refused = await t.gql(`mutation ($url: String) { updateSiteSettings(podcastArtwork: $url) { podcastArtwork } }`, { url: picture.body.url }, admin);
    expect(refused.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'podcastArtwork' });
    const series = await t.gql(`{ allSermonSeries(filter: { slug: "${seriesSlug}" }) { id } }`);
    await t.gql(
      `mutation ($id: ID!, $image: String) { updateSermonSeries(id: $id, image: $image) { id } }`,
      { id: series.data.allSermonSeries[0].id, image: picture.body.url },
      admin,
    );
    const { parsed } = await feed(`/podcast/${seriesSlug}.xml`);
    expect(parsed.itunes?.image).toMatch(/\.jpg$/);
    expect(parsed.items.map((item) => item.itunes.image)).toEqual([undefined]);
  });

  it('draws square JPEG artwork of the show for a podcast whose staff have uploaded none, as Apple requires one', async () => {
    const served = await t.http.get('/podcast/artwork.jpg').buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 1400, height: 1400, channels: 3 });
  });

  it('makes the channel GUID as the podcast namespace’s own example does', () => {
    expect(podcastGuidOf('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  });

  it('lists the sermons, their series and speakers in the sitemap', async () => {
    const speaker = await t.gql(`mutation { createSpeaker(name: "Pastor Ruth Mensah") { slug } }`, {}, admin);
    const sitemap = (await t.http.get('/sitemap.xml').buffer(true).parse(text).expect(200)).body as string;
    expect(sitemap).toContain('<loc>http://site.test/sermons</loc>');
    expect(sitemap).toContain(`<loc>http://site.test/sermons/${sermons['Published without audio'].id}</loc>`);
    expect(sitemap).toContain(`<loc>http://site.test/sermons/series/${seriesSlug}</loc>`);
    expect(sitemap).toContain(`<loc>http://site.test/sermons/speakers/${speaker.data.createSpeaker.slug}</loc>`);
  });
});
