import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestApp, TestApp } from './support/test-app.js';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2b1055' } });

describe('media uploads', () => {
  let t: TestApp;
  let admin: string;
  let uploadsDir: string;

  const stored = async () => ({
    files: existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0,
    rows: (await t.db.query('SELECT count(*)::int AS count FROM uploads'))[0].count as number,
  });
  const post = (token: string | undefined, data: Buffer, filename: string, purpose?: string) => {
    const call = t.http.post('/api/uploads');
    if (token) call.set('authorization', `Bearer ${token}`);
    if (purpose) call.field('purpose', purpose);
    return call.attach('image', data, filename);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    uploadsDir = join(t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t.close();
  });

  it('re-encodes a PNG with EXIF into WebP variants without metadata, never upscaled, under random names', async () => {
    const input = await solid(1000, 500)
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Private' } } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes('Secret Owner')).toBe(true);

    const response = await post(admin, input, 'holiday.png', 'post').expect(201);
    const { url, width, height, variants, srcSet, warnings } = response.body;
    expect({ width, height }).toEqual({ width: 1000, height: 500 });
    expect(variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
      [1000, 500],
    ]);
    expect(url).toBe(variants[2].url);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}-1000\.webp$/);
    expect(url).not.toContain('holiday');
    expect(srcSet).toBe(variants.map((v: { url: string; width: number }) => `${v.url} ${v.width}w`).join(', '));
    expect(warnings).toEqual([]);

    for (const variant of variants) {
      const file = await t.http.get(variant.url).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
      expect((file.body as Buffer).includes('Secret Owner')).toBe(false);
      expect((file.body as Buffer).includes('Jane Private')).toBe(false);
    }
    const [row] = await t.db.query('SELECT url, width, height, purpose, uploaded_by FROM uploads WHERE url = $1', [url]);
    expect(row).toMatchObject({ width: 1000, height: 500, purpose: 'post' });

    const again = await post(admin, input, 'holiday.png', 'post').expect(201);
    expect(again.body.url).not.toBe(url);
  });

  it('keeps a small picture at its own size and caps a large one at 1600 wide', async () => {
    const small = await post(admin, await solid(300, 200).png().toBuffer(), 'small.png').expect(201);
    expect(small.body.variants.map((v: { width: number }) => v.width)).toEqual([300]);
    expect(small.body).toMatchObject({ width: 300, height: 200 });

    const large = await post(admin, await solid(3000, 1000).jpeg().toBuffer(), 'large.jpg').expect(201);
    expect(large.body.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [480, 160],
      [960, 320],
      [1600, 533],
    ]);
  });

  it('accepts JPEG, WebP, AVIF and GIF by their content, whatever the file is called', async () => {
    const formats: [string, Buffer][] = [
      ['jpeg', await solid(40, 30).jpeg().toBuffer()],
      ['webp', await solid(40, 30).webp().toBuffer()],
      ['avif', await solid(40, 30).avif().toBuffer()],
      ['gif', await solid(40, 30).gif().toBuffer()],
    ];
    for (const [format, data] of formats) {
      const response = await post(admin, data, `picture-${format}.bin`);
      expect([format, response.status]).toEqual([format, 201]);
      expect(response.body).toMatchObject({ width: 40, height: 30 });
    }
  });

  it('refuses a text file named .jpg, an SVG, a corrupt image and an oversized file, storing nothing', async () => {
    const before = await stored();
    const cases: [string, Buffer, string, RegExp][] = [
      ['text.jpg', Buffer.from('hello, I am not a picture at all\n'.repeat(20)), 'image/jpeg', /JPEG, PNG, WebP, AVIF or GIF/],
      [
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
        'image/svg+xml',
        /JPEG, PNG, WebP, AVIF or GIF/,
      ],
      ['broken.png', (await solid(200, 200).png().toBuffer()).subarray(0, 60), 'image/png', /could not be read/],
      ['huge.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024)]), 'image/png', /too large/],
    ];
    for (const [filename, data, contentType, message] of cases) {
      const response = await t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).attach('image', data, { filename, contentType });
      expect([filename, response.status]).toEqual([filename, 400]);
      expect(response.body.errors[0].path).toBe('image');
      expect(response.body.errors[0].msg).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('names a missing image and an unknown purpose', async () => {
    const missing = await t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).field('purpose', 'post').expect(400);
    expect(missing.body.errors[0]).toEqual({ msg: 'image is required', path: 'image' });
    const purpose = await post(admin, await solid(10, 10).png().toBuffer(), 'a.png', 'avatar').expect(400);
    expect(purpose.body.errors[0].path).toBe('purpose');
  });

  it('lets a member upload only a testimony image, and a visitor nothing', async () => {
    const before = await stored();
    const picture = await solid(50, 50).png().toBuffer();
    await post(undefined, picture, 'a.png', 'testimony').expect(401);
    const member = await t.member();
    await post(member.token, picture, 'a.png', 'slider').expect(403);
    await post(member.token, picture, 'a.png').expect(403);
    expect(await stored()).toEqual(before);

    const allowed = await post(member.token, picture, 'a.png', 'testimony').expect(201);
    const [row] = await t.db.query('SELECT purpose, uploaded_by FROM uploads WHERE url = $1', [allowed.body.url]);
    expect(row).toEqual({ purpose: 'testimony', uploaded_by: member.id });
  });

  it('returns the guidance sizes as warnings, not refusals', async () => {
    const wrongSlider = await post(admin, await solid(800, 600).png().toBuffer(), 's.png', 'slider').expect(201);
    expect(wrongSlider.body.warnings).toEqual([expect.stringMatching(/1500x400.*800x600/)]);
    const rightSlider = await post(admin, await solid(1500, 400).png().toBuffer(), 's.png', 'slider').expect(201);
    expect(rightSlider.body.warnings).toEqual([]);
    const wrongVisit = await post(admin, await solid(700, 700).png().toBuffer(), 'v.png', 'visit').expect(201);
    expect(wrongVisit.body.warnings).toEqual([expect.stringMatching(/700x800/)]);
    const rightVisit = await post(admin, await solid(700, 800).png().toBuffer(), 'v.png', 'visit').expect(201);
    expect(rightVisit.body.warnings).toEqual([]);
  });

  it('resolves srcset and intrinsic size for an entity’s image, and nothing for an unknown one', async () => {
    const picture = await post(admin, await solid(1200, 900).png().toBuffer(), 'cover.png', 'book').expect(201);
    const created = await t.gql('mutation($i: String) { createBook(title: "Cover", price: 5, image: $i) { imageSrcSet imageWidth imageHeight } }', { i: picture.body.url }, admin);
    expect(created.data.createBook).toEqual({ imageSrcSet: picture.body.srcSet, imageWidth: 1200, imageHeight: 900 });
    const plain = await t.gql('mutation { createBook(title: "No cover", price: 5) { image imageSrcSet imageWidth imageHeight } }', {}, admin);
    expect(plain.data.createBook).toEqual({ image: null, imageSrcSet: null, imageWidth: null, imageHeight: null });
  });

  it('serves only stored names from /uploads', async () => {
    await t.http.get('/uploads/../../etc/passwd').expect(404);
    await t.http.get('/uploads/not-a-stored-name.webp').expect(404);
    await t.http.get(`/uploads/${'a'.repeat(32)}-480.webp`).expect(404);
  });
});
