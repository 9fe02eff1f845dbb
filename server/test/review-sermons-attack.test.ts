import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { startTestApp, type TestApp } from './support/test-app.js';

const ROLES = ['Member', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam', 'Communications'];
const WRITERS = new Set(['Admin', 'Editor']);
const SERIES = `mutation ($title: String!) { createSermonSeries(title: $title) { id slug title } }`;
const SPEAKER = `mutation ($name: String!) { createSpeaker(name: $name) { id slug } }`;
const VIDEO = `mutation ($title: String!, $passages: String, $seriesId: ID, $speakerId: ID, $chapters: String, $transcript: String) {
  createVideo(title: $title, video: "aqz-KE-bpKQ", passages: $passages, seriesId: $seriesId, speakerId: $speakerId, chapters: $chapters, transcript: $transcript) { id passages chapters podcastGuid } }`;
const LIVE = `mutation ($title: String, $startsAt: DateTime, $endsAt: DateTime, $video: String, $hlsUrl: String, $serviceSheetUrl: String) {
  updateLiveStream(title: $title, startsAt: $startsAt, endsAt: $endsAt, video: $video, hlsUrl: $hlsUrl, serviceSheetUrl: $serviceSheetUrl) { title status video hlsUrl serviceSheetUrl sermonId } }`;
const TO_SERMON = `mutation { liveStreamToSermon { id title } }`;
const FIND = `query ($filter: VideoFilter) { allVideos(filter: $filter, perPage: 50) { id title } }`;

const codeOf = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;
const HOUR = 60 * 60 * 1000;

describe('review: attacking sermons and the live stream from outside', () => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = { visitor: undefined };
  let seriesId: string;
  let speakerId: string;

  const gql = (query: string, variables: Record<string, unknown> = {}, token?: string) => t.gql(query, variables, token);
  const count = async (table: string) => Number((await t.db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', PUBLIC_CACHE_SECONDS: '60' });
    tokens.Admin = await t.adminToken();
    for (const role of ROLES) {
      const who = await t.member({ firstname: role, lastname: 'Tester' });
      await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, who.id]);
      tokens[role] = who.token;
    }
    seriesId = (await gql(SERIES, { title: 'Base series' }, tokens.Admin)).data.createSermonSeries.id;
    speakerId = (await gql(SPEAKER, { name: 'Base speaker' }, tokens.Admin)).data.createSpeaker.id;
  }, 120_000);

  afterAll(() => t.close());

  describe('who may do what', () => {
    const attempts: [string, string, Record<string, unknown>, string][] = [
      ['createSermonSeries', SERIES, { title: 'Role series' }, 'sermon_series'],
      ['createSpeaker', SPEAKER, { name: 'Role speaker' }, 'speakers'],
      ['updateSpeaker', `mutation ($id: ID!) { updateSpeaker(id: $id, bio: "changed") { id } }`, {}, 'speakers'],
      ['checkPassages', `{ checkPassages(text: "Jn 3:16") { passages } }`, {}, 'speakers'],
      ['updateLiveStream', LIVE, { title: 'Role stream', startsAt: new Date(Date.now() + HOUR).toISOString() }, 'live_streams'],
      ['clearLiveStream', `mutation { clearLiveStream }`, {}, 'live_streams'],
      ['liveStreamToSermon', TO_SERMON, {}, 'videos'],
    ];
    for (const [name, query, variables, table] of attempts) {
      it(`${name}: 401 without a token, 403 for every role but Admin and Editor, nothing written`, async () => {
        const vars = name === 'updateSpeaker' ? { id: speakerId } : variables;
        for (const role of ['visitor', ...ROLES]) {
          if (WRITERS.has(role)) continue;
          const before = await count(table);
          const response = await gql(query, vars, tokens[role]);
          expect([role, codeOf(response)]).toEqual([role, role === 'visitor' ? 'UNAUTHENTICATED' : 'FORBIDDEN']);
          expect(await count(table)).toBe(before);
        }
        const speaker = (await t.db.query('SELECT bio FROM speakers WHERE id = $1', [speakerId]))[0];
        expect(speaker.bio).not.toBe('changed');
      });
    }

    it('Editor may create a series and check passages', async () => {
      expect((await gql(SERIES, { title: 'Editor series' }, tokens.Editor)).errors).toBeUndefined();
      expect((await gql(`{ checkPassages(text: "Jn 3:16") { passages } }`, {}, tokens.Editor)).data.checkPassages.passages).toEqual(['John 3:16']);
    });
  });

  describe('hostile input', () => {
    it('passages that are formulas, CR/LF, constructor or __proto__ answer BAD_USER_INPUT naming passages', async () => {
      for (const passages of ['=HYPERLINK("http://evil.example","x")', 'John 3:16\r\n=1+1', 'constructor', '__proto__', 'toString']) {
        const response = await gql(VIDEO, { title: 'Hostile passages', passages }, tokens.Admin);
        expect([passages, codeOf(response)]).toEqual([passages, 'BAD_USER_INPUT']);
        expect(JSON.stringify(response.errors)).toContain('passages');
      }
    });

    it('1,000 references are refused or stored without a 500', async () => {
      const passages = Array.from({ length: 1000 }, (_, i) => `Ps ${(i % 150) + 1}`).join('; ');
      const response = await gql(VIDEO, { title: 'Many passages', passages }, tokens.Admin);
      expect(codeOf(response) ?? 'ok').not.toBe('INTERNAL_SERVER_ERROR');
      expect(response.errors?.[0]?.message ?? '').not.toMatch(/internal/i);
    });

    it('checkPassages with constructor/__proto__ answers them as unrecognised', async () => {
      const { data, errors } = await gql(`query ($text: String!) { checkPassages(text: $text) { passages unrecognised } }`, { text: '__proto__; constructor; Jn 3' }, tokens.Editor);
      expect(errors).toBeUndefined();
      expect(data.checkPassages.passages).toEqual(['John 3']);
    });

    it('VideoFilter: book "constructor" is a 400; q with %, _ and \\ matches literally; year -1 finds nothing', async () => {
      await gql(VIDEO, { title: '100% sure_of it' }, tokens.Admin);
      expect(codeOf(await gql(FIND, { filter: { book: 'constructor' } }))).toBe('BAD_USER_INPUT');
      expect(codeOf(await gql(FIND, { filter: { book: '__proto__' } }))).toBe('BAD_USER_INPUT');
      const titles = async (q: string) => (await gql(FIND, { filter: { q } })).data.allVideos.map((v: { title: string }) => v.title);
      expect(await titles('%')).toEqual(['100% sure_of it']);
      expect(await titles('_')).toEqual(['100% sure_of it']);
      expect(await titles('\\')).toEqual([]);
      const year = await gql(FIND, { filter: { year: -1 } });
      expect(codeOf(year) ?? year.data.allVideos.length).not.toBe('INTERNAL_SERVER_ERROR');
      if (!year.errors) expect(year.data.allVideos).toEqual([]);
    });

    it('q of 200 references answers without a 500', async () => {
      const q = Array.from({ length: 200 }, (_, i) => `Ps ${(i % 150) + 1}`).join('; ');
      const response = await gql(FIND, { filter: { q } });
      expect(codeOf(response) ?? 'ok').not.toBe('INTERNAL_SERVER_ERROR');
    });

    it('odd ids for seriesId, speakerId and the filters are 4xx, never a 500', async () => {
      for (const id of ['0', '-1', '1e3', '99999999999', 'abc', '1.5']) {
        for (const filter of [{ seriesId: id }, { speakerId: id }, { ids: [id] }]) {
          const response = await gql(FIND, { filter });
          expect([id, codeOf(response) ?? 'ok']).not.toEqual([id, 'INTERNAL_SERVER_ERROR']);
        }
        const created = await gql(VIDEO, { title: 'Odd id', seriesId: id }, tokens.Admin);
        expect([id, codeOf(created)]).toEqual([id, 'BAD_USER_INPUT']);
        const speaker = await gql(VIDEO, { title: 'Odd id', speakerId: id }, tokens.Admin);
        expect([id, codeOf(speaker)]).toEqual([id, 'BAD_USER_INPUT']);
        const series = await gql(`query ($id: ID!) { SermonSeries(id: $id) { id } }`, { id });
        expect([id, codeOf(series)]).not.toEqual([id, 'INTERNAL_SERVER_ERROR']);
      }
    });

    it('chapters that are over the cap, deeply nested or have __proto__ are refused or stored safely', async () => {
      const huge = JSON.stringify({ version: '1.2.0', chapters: Array.from({ length: 5000 }, (_, i) => ({ startTime: i, title: 'x'.repeat(30) })) });
      expect(codeOf(await gql(VIDEO, { title: 'Huge chapters', chapters: huge }, tokens.Admin))).toBe('BAD_USER_INPUT');
      const deep = `{"version":"1.2.0","chapters":[],"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      expect(codeOf(await gql(VIDEO, { title: 'Deep chapters', chapters: deep }, tokens.Admin)) ?? 'ok').not.toBe('INTERNAL_SERVER_ERROR');
      const proto = `{"version":"1.2.0","chapters":[{"startTime":0,"title":"a","__proto__":{"polluted":true}}],"__proto__":{"polluted":true}}`;
      const stored = await gql(VIDEO, { title: 'Proto chapters', chapters: proto }, tokens.Admin);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      if (!stored.errors) expect(JSON.parse(stored.data.createVideo.chapters).polluted).toBeUndefined();
    });

    it('chapters whose url is javascript: are refused (the podcast apps and the page link them)', async () => {
      const chapters = JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Go', url: 'javascript:alert(1)' }] });
      expect(codeOf(await gql(VIDEO, { title: 'Script chapter', chapters }, tokens.Admin))).toBe('BAD_USER_INPUT');
    });

    it('chapters out of order are refused (the contract says "in order")', async () => {
      const chapters = JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 60, title: 'b' }, { startTime: 0, title: 'a' }] });
      expect(codeOf(await gql(VIDEO, { title: 'Backwards chapters', chapters }, tokens.Admin))).toBe('BAD_USER_INPUT');
    });

    it('a transcript with </script> and ]]> is stored as given', async () => {
      const transcript = 'WEBVTT\n\n00:00.000 --> 00:01.000\n</script><script>alert(1)</script> ]]> & <b>';
      const { data, errors } = await gql(VIDEO, { title: 'Script transcript', transcript }, tokens.Admin);
      expect(errors).toBeUndefined();
      const [row] = await t.db.query('SELECT transcript FROM videos WHERE id = $1', [data.createVideo.id]);
      expect(row.transcript).toBe(transcript);
    });

    it('series titles of <script>, only emoji or only punctuation get a non-empty slug', async () => {
      for (const title of ['<script>alert(1)</script>', '🙏🔥✝️', '!!! ??? ...', '—', '中文標題']) {
        const { data, errors } = await gql(SERIES, { title }, tokens.Admin);
        expect([title, errors]).toEqual([title, undefined]);
        expect(data.createSermonSeries.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
        expect(data.createSermonSeries.title).toBe(title);
      }
      const speaker = await gql(SPEAKER, { name: '🙏' }, tokens.Admin);
      expect(speaker.data.createSpeaker.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    });

    it('two series created at once with the same title get distinct slugs, no 500', async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, () => gql(SERIES, { title: 'Same at once' }, tokens.Admin)));
      expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined, undefined]);
      expect(new Set(answers.map((a) => a.data.createSermonSeries.slug)).size).toBe(4);
    });

    it('podcastGuid stays after edits', async () => {
      const { data } = await gql(VIDEO, { title: 'Guid' }, tokens.Admin);
      const { id, podcastGuid } = data.createVideo;
      await gql(`mutation ($id: ID!) { updateVideo(id: $id, title: "Guid edited", passages: "Jn 1", seriesId: ${seriesId}) { id } }`, { id }, tokens.Admin);
      const after = await gql(`query ($id: ID!) { Video(id: $id) { podcastGuid } }`, { id });
      expect(after.data.Video.podcastGuid).toBe(podcastGuid);
    });
  });

  describe('audio', () => {
    const AUDIO = `mutation ($audio: String) { createVideo(title: "Audio attack", video: "aqz-KE-bpKQ", audio: $audio) { id audio } }`;
    const upload = (token: string | undefined, field: string, data: Buffer, filename: string, contentType?: string) => {
      const call = t.http.post('/api/uploads');
      if (token) call.set('authorization', `Bearer ${token}`);
      return call.attach(field, data, contentType ? { filename, contentType } : filename);
    };

    it('a sermon\'s audio set to another site or to an image upload is refused with BAD_USER_INPUT', async () => {
      const image = await upload(tokens.Admin, 'image', await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } }).png().toBuffer(), 'p.png');
      expect(image.status).toBe(201);
      for (const audio of ['https://evil.example/sermon.mp3', image.body.url, '/uploads/../../etc/passwd', 'javascript:alert(1)']) {
        const response = await gql(AUDIO, { audio }, tokens.Admin);
        expect([audio, codeOf(response)]).toEqual([audio, 'BAD_USER_INPUT']);
      }
    });

    it('audio uploads: 401 without a token, 403 for a Member, and text, a PNG or an empty file named .mp3 are 400 naming audio', async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      expect((await upload(undefined, 'audio', mp3, 'tone.mp3')).status).toBe(401);
      expect((await upload(tokens.Member, 'audio', mp3, 'tone.mp3')).status).toBe(403);
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#333' } }).png().toBuffer();
      const hostile: [Buffer, string, string?][] = [
        [Buffer.from('not audio at all\n'), 'sermon.mp3'],
        [png, 'sermon.mp3', 'audio/mpeg'],
        [Buffer.alloc(0), 'empty.mp3'],
      ];
      for (const [data, name, type] of hostile) {
        const response = await upload(tokens.Admin, 'audio', data, name, type);
        expect([name, type, response.status]).toEqual([name, type, 400]);
        expect(JSON.stringify(response.body)).toContain('audio');
      }
    });

    it('an MP3 header followed by garbage, or image and audio in one request, is a 400 and leaves no file behind', async () => {
      const uploads = join(t.config.dataDir, 'uploads');
      const before = await readdir(uploads).catch(() => []);
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      const garbage = Buffer.concat([mp3.subarray(0, 16), Buffer.alloc(64 * 1024, 0x5a)]);
      const broken = await upload(tokens.Admin, 'audio', garbage, 'broken.mp3');
      expect([broken.status, JSON.stringify(broken.body)]).toEqual([400, expect.stringContaining('audio')]);
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#333' } }).png().toBuffer();
      const both = await t.http.post('/api/uploads').set('authorization', `Bearer ${tokens.Admin}`).attach('image', png, 'p.png').attach('audio', mp3, 'a.mp3');
      expect(both.status).toBe(400);
      expect((await readdir(uploads).catch(() => [])).sort()).toEqual([...before].sort());
    });

    it("a series' or speaker's image set to another site or to an audio upload is refused", async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      const audio = await upload(tokens.Admin, 'audio', mp3, 'tone.mp3');
      expect(audio.status).toBe(201);
      for (const image of ['https://evil.example/x.png', audio.body.url]) {
        const series = await gql(`mutation ($image: String) { createSermonSeries(title: "Image attack", image: $image) { id } }`, { image }, tokens.Admin);
        expect([image, codeOf(series)]).toEqual([image, 'BAD_USER_INPUT']);
        const speaker = await gql(`mutation ($image: String) { createSpeaker(name: "Image attack", image: $image) { id } }`, { image }, tokens.Admin);
        expect([image, codeOf(speaker)]).toEqual([image, 'BAD_USER_INPUT']);
      }
    });

    it('publishing to the podcast without audio is refused; with audio it takes the type from the upload and an episode', async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      const audio = await upload(tokens.Admin, 'audio', mp3, 'tone.mp3');
      const published = await gql(`mutation { createVideo(title: "No audio", video: "aqz-KE-bpKQ", inPodcast: true) { id } }`, {}, tokens.Admin);
      expect(codeOf(published)).toBe('BAD_USER_INPUT');
      const withAudio = await gql(`mutation ($audio: String) { createVideo(title: "With audio", video: "aqz-KE-bpKQ", audio: $audio, inPodcast: true) { id audioMimeType episode } }`, { audio: audio.body.url }, tokens.Admin);
      expect(withAudio.errors).toBeUndefined();
      expect(withAudio.data.createVideo).toMatchObject({ audioMimeType: 'audio/mpeg', episode: expect.any(Number) });
    });

    it('audio uploads are 403 for every role but Admin and Editor', async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      for (const role of ROLES.filter((r) => !WRITERS.has(r))) {
        expect([role, (await upload(tokens[role], 'audio', mp3, 'tone.mp3')).status]).toEqual([role, 403]);
      }
    });

    it('podcast artwork that is not square or is out of 1400 to 3000 pixels is a 400 with the reason; a good one is kept as JPEG', async () => {
      const artwork = async (width: number, height: number) => {
        const data = await sharp({ create: { width, height, channels: 3, background: '#246' } }).png().toBuffer();
        return t.http.post('/api/uploads').set('authorization', `Bearer ${tokens.Admin}`).field('purpose', 'podcast').attach('image', data, 'art.png');
      };
      for (const [width, height] of [[1400, 1401], [1000, 1000], [3001, 3001]]) {
        const response = await artwork(width, height);
        expect([width, height, response.status]).toEqual([width, height, 400]);
        expect(JSON.stringify(response.body)).toMatch(/square|1400|3000/);
      }
      const good = await artwork(1400, 1400);
      expect(good.status).toBe(201);
      expect(good.body.url).toMatch(/\.jpe?g$/);
    });

    it('an uploaded MP3 is kept under a random name and served with Range', async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      const response = await upload(tokens.Editor, 'audio', mp3, '../../evil.mp3');
      expect(response.status).toBe(201);
      expect(response.body.url).not.toContain('evil');
      const size = mp3.length;
      const get = (range: string) => t.http.get(response.body.url).set('range', range);
      expect((await get('bytes=0-0')).status).toBe(206);
      expect((await get('bytes=-100')).headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
      expect((await get('bytes=100-')).headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
      const beyond = await get(`bytes=${size + 10}-${size + 20}`);
      expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${size}`]);
      expect([200, 416]).toContain((await get('bytes=5-2')).status);
      expect([200, 416]).toContain((await get('garbage')).status);
      expect([200, 206]).toContain((await get('bytes=0-99,200-299')).status);
    });
  });

  describe('the podcast feed', () => {
    const HOSTILE = 'Fish & chips <b>bold</b> ]]> \u0001\u001f end';
    let published: { id: string; podcastGuid: string };
    const expectCreated = (response: { data: any; errors?: any[] }) => {
      expect(response.errors).toBeUndefined();
      return response.data.createVideo as { id: string; podcastGuid: string };
    };
    const feed = async () => (await t.http.get('/podcast.xml')).text;

    beforeAll(async () => {
      const mp3 = await readFile(new URL('./fixtures/tone.mp3', import.meta.url));
      const audioOf = async () => (await t.http.post('/api/uploads').set('authorization', `Bearer ${tokens.Admin}`).attach('audio', mp3, 'tone.mp3')).body.url;
      const make = async (title: string, inPodcast: boolean, audio: boolean) =>
        expectCreated(
          await gql(
            `mutation ($title: String!, $audio: String, $inPodcast: Boolean, $summary: String, $transcript: String) {
              createVideo(title: $title, video: "aqz-KE-bpKQ", audio: $audio, inPodcast: $inPodcast, summary: $summary, transcript: $transcript) { id podcastGuid } }`,
            { title, audio: audio ? await audioOf() : null, inPodcast, summary: HOSTILE, transcript: 'WEBVTT\n\n00:00.000 --> 00:01.000\n]]></script>' },
            tokens.Admin,
          ),
        );
      published = await make('Published: Fish & chips <b>bold</b> ]]> end', true, true);
      await make('Feed: not in the podcast', false, true);
      await make('Feed: no audio', false, false);
      const deleted = await make('Feed: deleted', true, true);
      await gql(`mutation ($id: ID!) { deleteVideo(id: $id) { id } }`, { id: deleted.id }, tokens.Admin);
    });

    it('parses as XML with hostile titles and summaries, and holds only published sermons with audio', async () => {
      const response = await t.http.get('/podcast.xml');
      expect(response.status).toBe(200);
      expect(XMLValidator.validate(response.text)).toBe(true);
      expect(response.text).toContain(published.podcastGuid);
      for (const absent of ['Feed: not in the podcast', 'Feed: no audio', 'Feed: deleted']) expect(response.text).not.toContain(absent);
      expect(response.text).not.toContain('admin@test.example');
      const enclosures = [...response.text.matchAll(/<enclosure[^>]*url="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(enclosures).size).toBe(enclosures.length);
    });

    it("keeps the GUID after an edit, shows the edit through the visitors' cache, and an unknown series slug is 404", async () => {
      await gql(`mutation ($id: ID!) { updateVideo(id: $id, title: "Renamed episode", passages: "Jn 1") { id } }`, { id: published.id }, tokens.Admin);
      const text = await feed();
      expect(text).toContain('Renamed episode');
      expect(text).toContain(published.podcastGuid);
      expect((await t.http.get('/podcast/no-such-series.xml')).status).toBe(404);
      expect((await t.http.get('/podcast/..%2f..%2fetc%2fpasswd.xml')).status).toBe(404);
    });

    it('serves the transcript as text, never as a page, and odd sermon ids are a 400 or 404, never a 500', async () => {
      const vtt = await t.http.get(`/sermons/${published.id}/transcript.vtt`);
      expect(vtt.status).toBe(200);
      expect(vtt.headers['content-type']).not.toMatch(/html/);
      for (const id of ['0', '-1', '1e3', '99999999999', 'abc']) {
        for (const file of ['chapters.json', 'transcript.vtt', 'transcript.txt']) {
          const { status } = await t.http.get(`/sermons/${id}/${file}`);
          expect([id, file, status === 400 || status === 404]).toEqual([id, file, true]);
        }
      }
    });
  });

  describe('cache', () => {
    it("a visitor's cached allVideos shows an updateVideo at once", async () => {
      const { data } = await gql(VIDEO, { title: 'Cached before' }, tokens.Admin);
      const titles = async () => (await gql(`{ allVideos(perPage: 100) { id title } }`)).data.allVideos.map((v: { title: string }) => v.title);
      expect(await titles()).toContain('Cached before');
      await gql(`mutation ($id: ID!) { updateVideo(id: $id, title: "Cached after") { id } }`, { id: data.createVideo.id }, tokens.Admin);
      expect(await titles()).toContain('Cached after');
    });

    it("checkPassages answered to staff is never served to a visitor from the cache", async () => {
      const query = `{ checkPassages(text: "Ps 23") { passages } }`;
      expect((await gql(query, {}, tokens.Admin)).errors).toBeUndefined();
      expect(codeOf(await gql(query))).toBe('UNAUTHENTICATED');
    });
  });

  describe('live', () => {
    const soon = () => new Date(Date.now() + HOUR).toISOString();

    it('refuses endsAt before startsAt, bad hlsUrl, a non-YouTube video and a javascript: service sheet', async () => {
      const startsAt = soon();
      const bad: Record<string, unknown>[] = [
        { endsAt: new Date(Date.now() + HOUR / 2).toISOString() },
        { endsAt: startsAt },
        { hlsUrl: 'javascript:alert(1)//.m3u8' },
        { hlsUrl: 'http://cdn.example/live.m3u8' },
        { hlsUrl: 'https://cdn.example/live.mp4' },
        { video: 'https://vimeo.com/123456' },
        { video: 'javascript:alert(1)' },
        { serviceSheetUrl: 'javascript:alert(1)' },
        { serviceSheetUrl: '//evil.example/sheet.pdf' },
        { serviceSheetUrl: 'data:text/html,<script>alert(1)</script>' },
      ];
      for (const input of bad) {
        const response = await gql(LIVE, { title: 'Bad stream', startsAt, ...input }, tokens.Admin);
        expect([input, codeOf(response)]).toEqual([input, 'BAD_USER_INPUT']);
      }
      expect(await count('live_streams')).toBe(0);
    });

    it('liveStreamToSermon with no stream is a clear 4xx', async () => {
      await gql(`mutation { clearLiveStream }`, {}, tokens.Admin);
      expect(codeOf(await gql(TO_SERMON, {}, tokens.Admin))).toMatch(/NOT_FOUND|BAD_USER_INPUT/);
    });

    it('two updateLiveStream at once both succeed, one stream', async () => {
      await gql(`mutation { clearLiveStream }`, {}, tokens.Admin);
      const answers = await Promise.all(
        ['A', 'B', 'C'].map((title) => gql(LIVE, { title: `At once ${title}`, startsAt: soon(), video: 'aqz-KE-bpKQ' }, tokens.Admin)),
      );
      expect(answers.map((a) => codeOf(a))).toEqual([undefined, undefined, undefined]);
      expect(await count('live_streams')).toBe(1);
    });

    it('liveStreamToSermon twice at once makes one sermon', async () => {
      const startsAt = new Date(Date.now() - 3 * HOUR).toISOString();
      await gql(LIVE, { title: 'Made twice', startsAt, video: 'aqz-KE-bpKQ', seriesId }, tokens.Admin);
      const answers = await Promise.all([gql(TO_SERMON, {}, tokens.Admin), gql(TO_SERMON, {}, tokens.Admin)]);
      const made = await t.db.query(`SELECT id FROM videos WHERE title = 'Made twice'`);
      expect(made).toHaveLength(1);
      const ids = answers.filter((a) => !a.errors).map((a) => a.data.liveStreamToSermon.id);
      expect(new Set(ids).size).toBe(1);
      const again = await gql(TO_SERMON, {}, tokens.Admin);
      expect(again.data?.liveStreamToSermon.id ?? codeOf(again)).toBe(ids[0] ?? codeOf(again));
    });

    it('a visitor sees the stream without staff details and cannot see it after clearLiveStream', async () => {
      await gql(LIVE, { title: '<script>alert(1)</script>', startsAt: soon(), video: 'aqz-KE-bpKQ' }, tokens.Admin);
      const seen = await gql(`{ liveStream { title status } }`);
      expect(seen.data.liveStream).toMatchObject({ title: '<script>alert(1)</script>', status: 'Upcoming' });
      await gql(`mutation { clearLiveStream }`, {}, tokens.Admin);
      expect((await gql(`{ liveStream { title } }`)).data.liveStream).toBeNull();
    });
  });
});
