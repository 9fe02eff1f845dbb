import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './support/test-app.js';

const VIDEO_FIELDS = `id title passages preachedOn summary seriesId speakerId series { id title slug sermonCount } speaker { id name slug sermonCount } inPodcast podcastGuid episode`;
const CREATE = `mutation ($title: String!, $passages: String, $seriesId: ID, $speakerId: ID, $preachedOn: String, $summary: String) {
  createVideo(title: $title, video: "aqz-KE-bpKQ", passages: $passages, seriesId: $seriesId, speakerId: $speakerId, preachedOn: $preachedOn, summary: $summary) { ${VIDEO_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $title: String, $passages: String, $seriesId: ID, $inPodcast: Boolean, $chapters: String, $preachedOn: String) {
  updateVideo(id: $id, title: $title, passages: $passages, seriesId: $seriesId, inPodcast: $inPodcast, chapters: $chapters, preachedOn: $preachedOn) { ${VIDEO_FIELDS} chapters } }`;
const FIND = `query ($filter: VideoFilter, $sortField: String) { allVideos(filter: $filter, sortField: $sortField, sortOrder: "DESC", perPage: 50) { title passages } _allVideosMeta(filter: $filter) { count } }`;

describe('Sermons: series, speakers and passages', () => {
  let t: TestApp;
  let admin: string;
  let seriesId: string;
  let speakerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    const series = await t.gql(
      `mutation { createSermonSeries(title: "I Am: the Gospel of John", description: "Seven sayings", startedAt: "2026-09-06") { id slug startedAt } }`,
      {},
      admin,
    );
    expect(series.data.createSermonSeries).toMatchObject({ slug: 'i-am-the-gospel-of-john', startedAt: '2026-09-06' });
    seriesId = series.data.createSermonSeries.id;
    speakerId = (await t.gql(`mutation { createSpeaker(name: "Pastor Ruth Mensah", bio: "Senior Pastor") { id slug } }`, {}, admin)).data.createSpeaker.id;
    const sermons = [
      { title: 'For God so loved', passages: 'Jn 3:16-18', preachedOn: '2026-10-04' },
      { title: 'Born again', passages: 'John 3', preachedOn: '2026-10-11' },
      { title: 'The Good Shepherd', passages: 'John 10:1-18; Ps 23', preachedOn: '2026-10-18' },
      { title: 'Love is patient', passages: '1 Cor 13', preachedOn: '2025-02-09' },
    ];
    for (const sermon of sermons) {
      const created = await t.gql(CREATE, { ...sermon, seriesId: sermon.passages.startsWith('1 Cor') ? null : seriesId, speakerId }, admin);
      expect(created.errors).toBeUndefined();
    }
  });

  afterAll(() => t.close());

  it('stores passages normalised and answers the series and speaker with their counts', async () => {
    const { data } = await t.gql(`{ allVideos(sortField: "preachedOn", sortOrder: "DESC", perPage: 10) { ${VIDEO_FIELDS} } }`);
    expect(data.allVideos.map((v: { passages: string[] }) => v.passages)).toEqual([
      ['John 10:1–18', 'Psalm 23'],
      ['John 3'],
      ['John 3:16–18'],
      ['1 Corinthians 13'],
    ]);
    expect(data.allVideos[0]).toMatchObject({ preachedOn: '2026-10-18', series: { id: seriesId, sermonCount: 3 }, speaker: { id: speakerId, sermonCount: 4 } });
    expect(data.allVideos[3].series).toBeNull();
  });

  it('finds sermons by a passage in q: "John 3" finds John 3:16 and John 3, "Jn 3:16" finds both too', async () => {
    const titles = async (q: string) => (await t.gql(FIND, { filter: { q } })).data.allVideos.map((v: { title: string }) => v.title).sort();
    expect(await titles('John 3')).toEqual(['Born again', 'For God so loved']);
    expect(await titles('Jn 3:16')).toEqual(['Born again', 'For God so loved']);
    expect(await titles('Psalm 23:4')).toEqual(['The Good Shepherd']);
    expect(await titles('shepherd')).toEqual(['The Good Shepherd']);
    expect(await titles('Ruth Mensah')).toHaveLength(4);
    const meta = await t.gql(FIND, { filter: { q: 'John 3' } });
    expect(meta.data._allVideosMeta.count).toBe(2);
  });

  it('filters by series, speaker, book and year', async () => {
    const count = async (filter: Record<string, unknown>) => (await t.gql(FIND, { filter })).data._allVideosMeta.count;
    expect(await count({ seriesId })).toBe(3);
    expect(await count({ speakerId })).toBe(4);
    expect(await count({ book: 'John' })).toBe(3);
    expect(await count({ book: '1 Corinthians' })).toBe(1);
    expect(await count({ book: 'Psalms' })).toBe(1);
    expect(await count({ year: 2025 })).toBe(1);
    expect(await count({ year: 2026, book: 'John' })).toBe(3);
    const bad = await t.gql(FIND, { filter: { book: 'Hezekiah' } });
    expect(bad.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.book' });
  });

  it('answers the facets of the filters: books in canonical order, years latest first', async () => {
    const { data } = await t.gql(`{ sermonFacets { books { value label count } years { value count } } }`);
    expect(data.sermonFacets.books).toEqual([
      { value: 'Ps', label: 'Psalms', count: 1 },
      { value: 'John', label: 'John', count: 3 },
      { value: '1Cor', label: '1 Corinthians', count: 1 },
    ]);
    expect(data.sermonFacets.years).toEqual([
      { value: '2026', count: 3 },
      { value: '2025', count: 1 },
    ]);
  });

  it('refuses passages that are not references, naming the field and quoting the text, and writes nothing', async () => {
    const before = (await t.gql(FIND, {})).data._allVideosMeta.count;
    const answer = await t.gql(CREATE, { title: 'Bad', passages: 'John 3:16 and =HYPERLINK("x")' }, admin);
    expect(answer.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'passages' });
    expect(answer.errors[0].message).toContain('=HYPERLINK("x")');
    expect((await t.gql(FIND, {})).data._allVideosMeta.count).toBe(before);
    const day = await t.gql(CREATE, { title: 'Bad day', preachedOn: '2026-02-30' }, admin);
    expect(day.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'preachedOn' });
    const series = await t.gql(CREATE, { title: 'No such series', seriesId: '999999' }, admin);
    expect(series.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'seriesId' });
    expect((await t.gql(FIND, {})).data._allVideosMeta.count).toBe(before);
  });

  it('checks passages for the console live, for content staff only', async () => {
    const query = `query ($text: String!) { checkPassages(text: $text) { passages unrecognised } }`;
    expect((await t.gql(query, { text: 'Jn 3:16-18, Ps 23 and notes' }, admin)).data.checkPassages).toEqual({
      passages: ['John 3:16–18', 'Psalm 23'],
      unrecognised: ['and notes'],
    });
    const member = await t.member();
    expect((await t.gql(query, { text: 'John 3' }, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.gql(query, { text: 'John 3' })).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('keeps the podcast GUID through edits, refuses the podcast without audio, and validates chapters', async () => {
    const created = (await t.gql(CREATE, { title: 'A title', passages: 'Rom 8:28' }, admin)).data.createVideo;
    expect(created.podcastGuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const renamed = await t.gql(UPDATE, { id: created.id, title: 'A better title', passages: '' }, admin);
    expect(renamed.data.updateVideo).toMatchObject({ title: 'A better title', podcastGuid: created.podcastGuid, passages: [] });
    const podcast = await t.gql(UPDATE, { id: created.id, inPodcast: true }, admin);
    expect(podcast.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'inPodcast' });
    const chapters = await t.gql(UPDATE, { id: created.id, chapters: '{"chapters": "no"}' }, admin);
    expect(chapters.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'chapters' });
    const good = await t.gql(UPDATE, { id: created.id, chapters: '{"version":"1.2.0","chapters":[{"startTime":0,"title":"Welcome"}]}' }, admin);
    expect(JSON.parse(good.data.updateVideo.chapters).chapters[0].title).toBe('Welcome');
    const moved = await t.gql(UPDATE, { id: created.id, seriesId: seriesId }, admin);
    expect(moved.data.updateVideo.series).toMatchObject({ id: seriesId, title: 'I Am: the Gospel of John' });
  });

  it('lets only content staff write series and speakers, keeps a slug through a rename, and keeps sermons when their series goes', async () => {
    const member = await t.member();
    const denied = await t.gql(`mutation { createSpeaker(name: "Someone") { id } }`, {}, member.token);
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    const series = (await t.gql(`mutation { createSermonSeries(title: "I Am: the Gospel of John") { id slug } }`, {}, admin)).data.createSermonSeries;
    expect(series.slug).toBe('i-am-the-gospel-of-john-2');
    const renamed = await t.gql(`mutation ($id: ID!) { updateSermonSeries(id: $id, title: "Renamed") { title slug } }`, { id: series.id }, admin);
    expect(renamed.data.updateSermonSeries).toEqual({ title: 'Renamed', slug: 'i-am-the-gospel-of-john-2' });
    const video = (await t.gql(CREATE, { title: 'In a series to be deleted', seriesId: series.id }, admin)).data.createVideo;
    await t.gql(`mutation ($id: ID!) { deleteSermonSeries(id: $id) { id } }`, { id: series.id }, admin);
    const after = await t.gql(`query ($id: ID!) { Video(id: $id) { id series { id } seriesId } }`, { id: video.id });
    expect(after.data.Video).toEqual({ id: video.id, series: null, seriesId: null });
    const bySlug = await t.gql(`{ allSermonSeries(filter: { slug: "i-am-the-gospel-of-john" }) { id } }`);
    expect(bySlug.data.allSermonSeries).toEqual([{ id: seriesId }]);
  });

  it("keeps the show's Apple Podcasts and Spotify addresses only when they are theirs", async () => {
    const SET = `mutation ($apple: String, $spotify: String) { updateSiteSettings(podcastAppleUrl: $apple, podcastSpotifyUrl: $spotify) { podcastAppleUrl podcastSpotifyUrl } }`;
    const apple = 'https://podcasts.apple.com/gb/podcast/sunday-messages/id1234567890';
    const spotify = 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk';
    expect((await t.gql(SET, { apple, spotify }, admin)).data.updateSiteSettings).toEqual({ podcastAppleUrl: apple, podcastSpotifyUrl: spotify });
    for (const [apple, field] of [
      ['javascript:alert(1)', 'podcastAppleUrl'],
      ['https://podcasts.apple.com.evil.example/x', 'podcastAppleUrl'],
    ]) {
      expect((await t.gql(SET, { apple }, admin)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const wrong = await t.gql(SET, { spotify: 'http://open.spotify.com/show/x' }, admin);
    expect(wrong.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'podcastSpotifyUrl' });
    expect((await t.gql(SET, { apple: '' }, admin)).data.updateSiteSettings).toEqual({ podcastAppleUrl: null, podcastSpotifyUrl: spotify });
  });

  it('lists the senior pastors of the site settings first', async () => {
    await t.gql(`mutation { createSpeaker(name: "Aaron Guest") { id } }`, {}, admin);
    await t.gql(
      `mutation { updateSiteSettings(pastors: [{ name: "Pastor Ruth Mensah", role: "Senior Pastor", photo: "", photoAlt: "", biography: "" }]) { name } }`,
      {},
      admin,
    );
    const { data } = await t.gql(`{ allSpeakers { name } }`);
    expect(data.allSpeakers.map((s: { name: string }) => s.name).slice(0, 2)).toEqual(['Pastor Ruth Mensah', 'Aaron Guest']);
  });
});
