import { DownloadError, downloadFile, fileNameFromDisposition } from '@ministry/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The links clicked to save a file, with the name each saves under. */
let saved: { href: string; download: string }[];

beforeEach(() => {
  saved = [];
  vi.useFakeTimers();
  URL.createObjectURL = vi.fn(() => `blob:file-${saved.length + 1}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => vi.useRealTimers());

describe('the file name a download is saved under (the console and the website share it)', () => {
  it('reads the quoted, the bare and the UTF-8 file name of Content-Disposition, the UTF-8 one first', () => {
    expect(fileNameFromDisposition('attachment; filename="gift-aid-claim-4.ods"')).toBe('gift-aid-claim-4.ods');
    expect(fileNameFromDisposition('attachment; filename=event-12.ics')).toBe('event-12.ics');
    expect(fileNameFromDisposition(`attachment; filename="Prayer.json"; filename*=UTF-8''Pri%C3%A8re%20d%27Ad%C3%A8le.json`)).toBe("Prière d'Adèle.json");
    expect(fileNameFromDisposition('attachment; filename="say \\"amen\\".txt"')).toBe('say "amen".txt');
  });

  it('names nothing when the header names no file, and never a folder', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\Users\\\\a\\\\notes.txt"')).toBe('notes.txt');
  });
});

describe('downloading a file that needs the signed-in person', () => {
  it("sends the caller's credentials, saves under the server's name, and frees the object URL afterwards", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{"name":"Lydia"}', { headers: { 'content-disposition': 'attachment; filename="my-data-2026.json"' } }));
    await expect(downloadFile('/api/me/export', { fileName: 'my-data.json', headers: { authorization: 'Bearer member-token' }, credentials: 'include', fetch })).resolves.toBe('my-data-2026.json');
    expect(fetch).toHaveBeenCalledWith('/api/me/export', { headers: { authorization: 'Bearer member-token' }, credentials: 'include' });
    expect(saved).toEqual([{ href: 'blob:file-1', download: 'my-data-2026.json' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
  });

  it('saves under the name asked for when the server gives none', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('<html></html>'));
    await expect(downloadFile('/api/me/export?format=html', { fileName: 'my-data.html', fetch })).resolves.toBe('my-data.html');
    expect(saved.map((link) => link.download)).toEqual(['my-data.html']);
  });

  it('saves nothing when the server refuses, and says with what status; status 0 when it could not be reached', async () => {
    const refused = await downloadFile('/api/gift-aid/claims/4/schedule.ods', { fileName: 'x.ods', fetch: async () => new Response('{"errors":[]}', { status: 403 }) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DownloadError);
    expect(refused).toMatchObject({ status: 403, message: 'The file could not be downloaded (403)' });
    const offline = await downloadFile('/api/me/export', { fileName: 'x.json', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }).catch((error: unknown) => error);
    expect(offline).toMatchObject({ status: 0 });
    expect(saved).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
