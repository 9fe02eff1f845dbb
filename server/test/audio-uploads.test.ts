import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { binary } from './support/bodies.js';
import { startTestApp, TestApp } from './support/test-app.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 43, g: 16, b: 85, alpha: 0.5 } } });


describe('audio uploads and podcast artwork', () => {
  let t: TestApp;
  let admin: string;
  let uploadsDir: string;

  const files = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0);
  const audioRows = async () => (await t.db.query('SELECT count(*)::int AS count FROM audio_files'))[0].count as number;
  const postAudio = (token: string | undefined, data: Buffer, filename: string) => {
    const call = t.http.post('/api/uploads');
    if (token) call.set('authorization', `Bearer ${token}`);
    return call.attach('audio', data, filename);
  };
  const postArtwork = (data: Buffer) =>
    t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).field('purpose', 'podcast').attach('image', data, 'art.png');

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    uploadsDir = join(t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps an MP3 and an M4A as sent under random names, with their size, length and type', async () => {
    for (const [fixtureName, mimeType, extension] of [
      ['tone.mp3', 'audio/mpeg', 'mp3'],
      ['tone.m4a', 'audio/mp4', 'm4a'],
    ]) {
      const sent = fixture(fixtureName);
      const response = await postAudio(admin, sent, 'Sunday sermon.bin').expect(201);
      expect(response.body).toEqual({
        url: expect.stringMatching(new RegExp(`^/uploads/[a-f0-9]{32}\\.${extension}$`)),
        bytes: sent.length,
        durationSeconds: 3,
        mimeType,
      });

      const served = await t.http.get(response.body.url).buffer(true).parse(binary).expect(200);
      expect(served.headers['content-type']).toBe(mimeType);
      expect(served.headers['accept-ranges']).toBe('bytes');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((served.body as Buffer).equals(sent)).toBe(true);

      const [row] = await t.db.query('SELECT bytes, duration_seconds, mime_type, uploaded_by FROM audio_files WHERE url = $1', [response.body.url]);
      expect(row).toEqual({ bytes: String(sent.length), duration_seconds: 3, mime_type: mimeType, uploaded_by: expect.any(Number) });

      const asImage = await t.gql('mutation ($i: String) { createBook(title: "Sound", price: 5, image: $i) { id } }', { i: response.body.url }, admin);
      expect(asImage.errors?.[0].extensions?.field).toBe('image');
    }
  });

  it('deletes a sermon’s audio when it is replaced or its sermon goes, and keeps one another sermon still plays', async () => {
    const upload = async () => (await postAudio(admin, fixture('tone.mp3'), 'a.mp3').expect(201)).body.url as string;
    const [first, second] = [await upload(), await upload()];
    const sermon = async (audio: string) =>
      (await t.gql('mutation ($a: String) { createVideo(title: "With audio", video: "aqz-KE-bpKQ", audio: $a) { id } }', { a: audio }, admin)).data.createVideo
        .id;
    const [one, other] = [await sermon(first), await sermon(first)];

    await t.gql('mutation ($id: ID!, $a: String) { updateVideo(id: $id, audio: $a) { id } }', { id: one, a: second }, admin);
    await t.http.get(first).expect(200);
    await t.gql('mutation ($id: ID!) { deleteVideo(id: $id) { id } }', { id: other }, admin);
    await t.http.get(first).expect(404);
    expect(await t.db.query('SELECT 1 FROM audio_files WHERE url = $1', [first])).toEqual([]);

    await t.gql('mutation ($id: ID!) { updateVideo(id: $id, audio: "") { id } }', { id: one }, admin);
    await t.http.get(second).expect(404);
  });

  it('answers byte ranges: 206 with exactly the bytes asked for, 416 for a range past the end', async () => {
    const sent = fixture('tone.mp3');
    const { body } = await postAudio(admin, sent, 'a.mp3').expect(201);
    const part = await t.http.get(body.url).set('range', 'bytes=0-99').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${sent.length}`);
    expect((part.body as Buffer).length).toBe(100);
    expect((part.body as Buffer).equals(sent.subarray(0, 100))).toBe(true);
    const beyond = await t.http.get(body.url).set('range', `bytes=${sent.length + 10}-${sent.length + 20}`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${sent.length}`);
  });

  it('refuses by content, not name: a text file called .mp3, a picture, and noise with no length; storing nothing', async () => {
    const before = { files: files(), rows: await audioRows() };
    const text = await postAudio(admin, Buffer.from('This is not a sermon, only some words.\n'.repeat(50)), 'sermon.mp3').expect(400);
    expect(text.body.errors[0]).toEqual({ msg: 'audio must be an MP3 or M4A file', path: 'audio' });
    const picture = await postAudio(admin, await solid(20, 20).png().toBuffer(), 'sermon.m4a').expect(400);
    expect(picture.body.errors[0].path).toBe('audio');
    const header = fixture('tone.mp3').subarray(0, 4);
    const noLength = await postAudio(admin, header, 'short.mp3').expect(400);
    expect(noLength.body.errors[0].path).toBe('audio');
    expect({ files: files(), rows: await audioRows() }).toEqual(before);
  });

  it('lets only content editors upload audio', async () => {
    const before = await audioRows();
    await postAudio(undefined, fixture('tone.mp3'), 'a.mp3').expect(401);
    const member = await t.member();
    await postAudio(member.token, fixture('tone.mp3'), 'a.mp3').expect(403);
    expect(await audioRows()).toBe(before);
  });

  it('refuses podcast artwork that is not square or not 1400 to 3000 pixels a side, with the reason', async () => {
    for (const [width, height] of [
      [1200, 800],
      [1000, 1000],
      [3500, 3500],
    ]) {
      const refused = await postArtwork(await solid(width, height).png().toBuffer()).expect(400);
      expect(refused.body.errors[0]).toEqual({
        msg: `Podcast artwork must be square, 1400 to 3000 pixels a side; this one is ${width}×${height}.`,
        path: 'image',
      });
    }
  });

  it('keeps accepted podcast artwork as one RGB JPEG at its own size, without metadata', async () => {
    const input = await solid(1400, 1400)
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'Jane Private' } } })
      .toBuffer();
    const { body } = await postArtwork(input).expect(201);
    expect(body).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.jpg$/), width: 1400, height: 1400 });
    const served = await t.http.get(body.url).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1400, height: 1400, channels: 3, space: 'srgb' });
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes('Jane Private')).toBe(false);
  });
});
