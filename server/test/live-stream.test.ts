import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import { startTestApp, type TestApp } from './support/test-app.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STREAM = 'title startsAt endsAt status video hlsUrl serviceSheetUrl seriesId speakerId sermonId';
const READ = `{ liveStream { ${STREAM} } }`;
const UPDATE = `mutation ($title: String, $startsAt: DateTime, $endsAt: DateTime, $video: String, $hlsUrl: String, $serviceSheetUrl: String,
  $seriesId: ID, $speakerId: ID, $postId: ID, $occurrenceStart: DateTime) {
  updateLiveStream(title: $title, startsAt: $startsAt, endsAt: $endsAt, video: $video, hlsUrl: $hlsUrl, serviceSheetUrl: $serviceSheetUrl,
    seriesId: $seriesId, speakerId: $speakerId, postId: $postId, occurrenceStart: $occurrenceStart) { ${STREAM} } }`;
const TO_SERMON = 'mutation { liveStreamToSermon { id title video preachedOn inPodcast series { id } speaker { id } } }';

const around = (fromNow: number, length = 2 * HOUR) => ({ startsAt: new Date(Date.now() + fromNow).toISOString(), endsAt: new Date(Date.now() + fromNow + length).toISOString() });
const inLondon = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' });

describe('the live page: the stream, its status and the next service', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let member: string;

  const set = (variables: Record<string, unknown>, token = admin) => t.gql(UPDATE, variables, token);
  const stored = async () => (await t.db.query('SELECT title, video, hls_url AS "hlsUrl", sermon_id AS "sermonId" FROM live_streams'))[0];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    const account = await t.member();
    member = account.token;
    const editorAccount = await t.member();
    const changed = await t.gql('mutation ($id: ID!) { updateUser(id: $id, role: Editor) { role } }', { id: editorAccount.id }, admin);
    expect(changed.data.updateUser.role).toBe('Editor');
    editor = (await t.http.post('/api/login').send({ email: editorAccount.email, password: editorAccount.password }).expect(200)).body.token;
  });
  afterAll(() => t.close());

  it('answers null before any stream is set', async () => {
    expect((await t.gql(READ)).data.liveStream).toBeNull();
  });

  it('answers Upcoming before the start, Live until the end, Ended for 12 hours after, then nothing', async () => {
    const status = async (times: { startsAt: string; endsAt: string }) => {
      const saved = await set({ title: 'Sunday service', video: 'https://youtu.be/aqz-KE-bpKQ', ...times });
      expect(saved.errors).toBeUndefined();
      return (await t.gql(READ)).data.liveStream?.status ?? null;
    };
    expect(await status(around(HOUR))).toBe('Upcoming');
    expect(await status(around(-10 * MINUTE))).toBe('Live');
    expect(await status(around(-3 * HOUR))).toBe('Ended');
    expect(await status(around(-14 * HOUR))).toBeNull();
  });

  it('lets visitors and members read the stream, and only content staff set, clear or keep it', async () => {
    expect((await set({ title: 'Sunday service', video: 'aqz-KE-bpKQ', ...around(HOUR) }, editor)).data.updateLiveStream).toMatchObject({ video: 'aqz-KE-bpKQ', status: 'Upcoming' });
    for (const token of [undefined, member]) expect((await t.gql(READ, {}, token)).data.liveStream.title).toBe('Sunday service');

    for (const [token, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [member, 'FORBIDDEN'],
    ] as const) {
      const update = await t.gql(UPDATE, { title: 'Not theirs', ...around(HOUR) }, token);
      expect(update.errors[0].extensions.code).toBe(code);
      expect((await t.gql('mutation { clearLiveStream }', {}, token)).errors[0].extensions.code).toBe(code);
      expect((await t.gql(TO_SERMON, {}, token)).errors[0].extensions.code).toBe(code);
    }
    expect(await stored()).toMatchObject({ title: 'Sunday service' });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    await set({ title: 'Kept', video: 'aqz-KE-bpKQ', ...around(HOUR) });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'X', video: 'https://vimeo.com/123', ...around(HOUR) }, 'video'],
      [{ title: 'X', hlsUrl: 'http://streams.example.org/live.m3u8', ...around(HOUR) }, 'hlsUrl'],
      [{ title: 'X', hlsUrl: 'https://streams.example.org/live.mp4', ...around(HOUR) }, 'hlsUrl'],
      [{ title: 'X', startsAt: around(HOUR).startsAt, endsAt: around(-HOUR).startsAt }, 'endsAt'],
      [{ title: 'X', serviceSheetUrl: 'javascript:alert(1)', ...around(HOUR) }, 'serviceSheetUrl'],
      [{ title: 'X', serviceSheetUrl: '//evil.example/sheet.pdf', ...around(HOUR) }, 'serviceSheetUrl'],
      [{ title: 'X', seriesId: '999999', ...around(HOUR) }, 'seriesId'],
      [{ title: 'X', speakerId: 'abc', ...around(HOUR) }, 'speakerId'],
      [{ startsAt: around(HOUR).startsAt }, 'title'],
      [{ title: 'X' }, 'startsAt'],
    ];
    for (const [variables, field] of cases) {
      const answer = await set(variables);
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(answer.errors[0].message).toContain(field);
    }
    expect(await stored()).toMatchObject({ title: 'Kept', video: 'aqz-KE-bpKQ', hlsUrl: null });
  });

  it('keeps an https HLS stream, a service sheet on the site, and ends two hours after the start by default', async () => {
    const startsAt = new Date(Date.now() + DAY).toISOString();
    const { data } = await set({ title: 'Evening worship', startsAt, hlsUrl: 'https://streams.example.org/church/live.m3u8', serviceSheetUrl: '/uploads/sheet.pdf' });
    expect(data.updateLiveStream).toMatchObject({ video: null, hlsUrl: 'https://streams.example.org/church/live.m3u8', serviceSheetUrl: '/uploads/sheet.pdf' });
    expect(new Date(data.updateLiveStream.endsAt).getTime() - new Date(startsAt).getTime()).toBe(2 * HOUR);
  });

  it("takes the times and title from a program's occurrence, refusing a time that is not one", async () => {
    const first = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    const program = await t.gql(
      `mutation ($startsAt: DateTime, $endsAt: DateTime) { createPost(name: "Midweek prayer", body: "<p>Come</p>", categoryId: 1, startsAt: $startsAt, endsAt: $endsAt, recurrence: "FREQ=WEEKLY") { id } }`,
      { startsAt: first.toISO(), endsAt: first.plus({ minutes: 90 }).toISO() },
      admin,
    );
    const postId = program.data.createPost.id;
    const second = first.plus({ weeks: 1 });
    const { data, errors } = await set({ postId, occurrenceStart: second.toISO() });
    expect(errors).toBeUndefined();
    expect(data.updateLiveStream).toMatchObject({ title: 'Midweek prayer', status: 'Upcoming' });
    expect(new Date(data.updateLiveStream.startsAt).getTime()).toBe(second.toMillis());
    expect(new Date(data.updateLiveStream.endsAt).getTime()).toBe(second.plus({ minutes: 90 }).toMillis());

    const between = await set({ postId, occurrenceStart: second.plus({ hours: 1 }).toISO() });
    expect(between.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'occurrenceStart' });
    const alone = await set({ postId });
    expect(alone.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'occurrenceStart' });
    expect(await stored()).toMatchObject({ title: 'Midweek prayer' });
  });

  it('makes a sermon of the stream: its video, title, London date, speaker and series, not in the podcast', async () => {
    const seriesId = (await t.gql('mutation { createSermonSeries(title: "Advent") { id } }', {}, admin)).data.createSermonSeries.id;
    const speakerId = (await t.gql('mutation { createSpeaker(name: "Pastor Daniel Mensah") { id } }', {}, admin)).data.createSpeaker.id;
    // Just after midnight in London, still the day before in UTC during British Summer Time.
    const start = DateTime.fromISO('2026-07-05T00:30', { zone: 'Europe/London' });
    await set({ title: 'Hope in the dark', video: 'aqz-KE-bpKQ', seriesId, speakerId, startsAt: start.toISO(), endsAt: start.plus({ hours: 2 }).toISO() });
    const { data, errors } = await t.gql(TO_SERMON, {}, editor);
    expect(errors).toBeUndefined();
    expect(data.liveStreamToSermon).toMatchObject({ title: 'Hope in the dark', video: 'aqz-KE-bpKQ', preachedOn: '2026-07-05', inPodcast: false, series: { id: seriesId }, speaker: { id: speakerId } });
    expect((await stored()).sermonId).toBe(Number(data.liveStreamToSermon.id));

    const again = await t.gql(TO_SERMON, {}, admin);
    expect(again.data.liveStreamToSermon.id).toBe(data.liveStreamToSermon.id);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM videos WHERE title = 'Hope in the dark'`))[0].n).toBe(1);
  });

  it('refuses to make a sermon of a stream without a YouTube video, or of none', async () => {
    await set({ title: 'Radio only', hlsUrl: 'https://streams.example.org/live.m3u8', ...around(-HOUR) });
    expect((await t.gql(TO_SERMON, {}, admin)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'video' });
    expect((await t.gql('mutation { clearLiveStream }', {}, admin)).data.clearLiveStream).toBe(true);
    expect((await t.gql(READ)).data.liveStream).toBeNull();
    expect((await t.gql('mutation { clearLiveStream }', {}, admin)).data.clearLiveStream).toBe(false);
    expect((await t.gql(TO_SERMON, {}, admin)).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('answers the next service of the weekly schedule in London, else the next entry', async () => {
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const schedule = (entries: { day: string; activity: string; opens: string; closes: string }[]) =>
      t.gql('mutation ($weeklySchedule: [ScheduleEntryInput!]) { updateSiteSettings(weeklySchedule: $weeklySchedule) { name } }', { weeklySchedule: entries }, admin);
    const choirs = week.map((day) => ({ day, activity: 'Choir', opens: '06:00', closes: '07:00' }));
    const saved = await schedule([...choirs, { day: 'Sunday', activity: 'Sunday service', opens: '10:30', closes: '12:30' }]);
    expect(saved.errors).toBeUndefined();
    const next = async () => (await t.gql('{ nextService { name startsAt } }')).data.nextService;

    const service = await next();
    expect(service.name).toBe('Sunday service');
    expect(inLondon(service.startsAt).toFormat('cccc HH:mm')).toBe('Sunday 10:30');
    expect(new Date(service.startsAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(service.startsAt).getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    await schedule(choirs);
    const choir = await next();
    expect(choir.name).toBe('Choir');
    expect(new Date(choir.startsAt).getTime()).toBeLessThanOrEqual(Date.now() + DAY);

    await schedule([]);
    expect(await next()).toBeNull();
  });
});
