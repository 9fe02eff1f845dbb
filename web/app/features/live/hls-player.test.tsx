import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HlsPlayer } from './hls-player';

const URL = 'https://streams.example.org/church/live.m3u8';

describe('the HLS player behind a click', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names the stream only in a link before the page runs: no <video> asks its host for anything', () => {
    const html = renderToString(<HlsPlayer url={URL} title="Sunday service" />);
    expect(html).not.toContain('<video');
    expect(html).toContain(`href="${URL}"`);
  });

  it('plays in a <video> where the browser plays HLS itself', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    render(<HlsPlayer url={URL} title="Sunday service" />);
    await userEvent.click(screen.getByRole('button', { name: /Play the live stream/ }));
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe(URL);
  });

  it('says "Open the stream", with its link, where the browser cannot play HLS', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<HlsPlayer url={URL} title="Sunday service" />);
    await userEvent.click(screen.getByRole('button', { name: /Play the live stream/ }));
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the stream' }).getAttribute('href')).toBe(URL);
  });
});
