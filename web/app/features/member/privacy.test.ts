import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession, type SessionUser } from '../../lib/session';
import { downloadMyData } from './privacy';

describe("downloading the member's own data", () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:my-data');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("fetches the export with the member's token and saves it as a file", async () => {
    const member: SessionUser = { id: '4', title: 'Mrs', firstname: 'Lydia', lastname: 'Thyatira', email: 'lydia@example.org', phone: '', role: 'Member', permissions: [], country: 'GB', state: '', city: '' };
    saveSession('member-token', member);
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html></html>'));
    await expect(downloadMyData('html')).resolves.toBeNull();
    expect(fetch.mock.calls[0][0]).toBe('/api/me/export?format=html');
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer member-token');
    expect(saved).toEqual(['my-data.html']);
  });

  it('says what went wrong, and saves nothing, when the export is refused or the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('', { status: 401 })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(downloadMyData('json')).resolves.toBe('Your data could not be downloaded. Please try again.');
    await expect(downloadMyData('json')).resolves.toBe('Your data could not be downloaded. Check your connection and try again.');
    expect(saved).toEqual([]);
  });
});
