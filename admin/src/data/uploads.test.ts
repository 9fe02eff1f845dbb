import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ADMIN_RESOURCES } from '../resources';
import { createUploader, imageUploadCallbacks, withUploadedImage, type Uploader } from './uploads';

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'slider.jpg', { type: 'image/jpeg' });

describe('image uploads', () => {
  it('posts the file as multipart field image with its purpose and the admin token, and answers the URL', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ url: '/uploads/ab12-1600.webp', width: 1500, height: 400, variants: [], srcSet: null, warnings: [] }, { status: 201 }));
    const upload = createUploader(() => 'admin-token', fetch);
    const file = jpeg();

    const result = await upload(file, 'slider');

    expect(result.url).toBe('/uploads/ab12-1600.webp');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/uploads');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer admin-token');
    const form = init?.body as FormData;
    expect((form.get('image') as File).name).toBe('slider.jpg');
    expect(form.get('purpose')).toBe('slider');
  });

  it("passes on the server's advice about the picture", async () => {
    const advice = 'Slider images are made for 1500x400 pixels; this one is 1200x800, so it may be cropped or look soft.';
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ url: '/uploads/cd34-1200.webp', warnings: [advice] }, { status: 201 }));
    const onWarnings = vi.fn();
    await createUploader(() => 'admin-token', fetch, onWarnings)(jpeg(), 'slider');
    expect(onWarnings).toHaveBeenCalledWith([advice]);
  });

  it('turns a refused file into an error on the image field', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ errors: [{ msg: 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded', path: 'image' }], code: 'BAD_USER_INPUT' }, { status: 400 }));
    const failure = await createUploader(() => 'admin-token', fetch)(jpeg(), 'post').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded',
      body: { errors: { image: 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded' } },
    });
  });

  it('reports an ended session as a 401 so the console logs out', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ errors: [{ msg: 'Please log in', path: '' }], code: 'UNAUTHENTICATED' }, { status: 401 }));
    await expect(createUploader(() => 'old-token', fetch)(jpeg(), 'book')).rejects.toMatchObject({ status: 401 });
  });

  it('replaces a newly chosen file by the uploaded URL and leaves everything else as it was', async () => {
    const upload = vi.fn<Uploader>(async () => ({ url: '/uploads/new-960.webp' }));
    const file = jpeg();
    expect(await withUploadedImage({ title: 'Welcome', image: { rawFile: file, src: 'blob:1', title: 'slider.jpg' } }, 'slider', upload)).toEqual({ title: 'Welcome', image: '/uploads/new-960.webp' });
    expect(upload).toHaveBeenCalledWith(file, 'slider');
  });

  it('keeps the current image, and clears it when it was removed, without uploading', async () => {
    const upload = vi.fn<Uploader>();
    expect(await withUploadedImage({ image: { src: '/uploads/old-960.webp', title: 'Current image' } }, 'book', upload)).toEqual({ image: '/uploads/old-960.webp' });
    expect(await withUploadedImage({ image: '/uploads/old-960.webp' }, 'book', upload)).toEqual({ image: '/uploads/old-960.webp' });
    expect(await withUploadedImage({ image: null }, 'book', upload)).toEqual({ image: null });
    expect(upload).not.toHaveBeenCalled();
  });

  it('runs before every save of the resources with an image, each with its purpose', async () => {
    const upload = vi.fn<Uploader>(async () => ({ url: '/uploads/x.webp' }));
    const callbacks = imageUploadCallbacks(ADMIN_RESOURCES, upload);
    expect(callbacks.map((callback) => callback.resource).sort()).toEqual(['books', 'meeting-images', 'posts', 'sermon-series', 'slider-images', 'speakers', 'testimonies', 'visit-images']);
    const testimonies = callbacks.find((callback) => callback.resource === 'testimonies')!;
    const file = jpeg();
    await (testimonies.beforeSave as (data: object) => Promise<object>)({ image: { rawFile: file } });
    expect(upload).toHaveBeenCalledWith(file, 'testimony');
  });
});
