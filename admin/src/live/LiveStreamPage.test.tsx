import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsEditor } from '../test/sermonConsole';

const ENDED = {
  title: 'Sunday service',
  startsAt: '2026-11-22T10:30:00.000Z',
  endsAt: '2026-11-22T12:30:00.000Z',
  status: 'Ended',
  video: 'dQw4w9WgXcQ',
  hlsUrl: null,
  serviceSheetUrl: null,
  seriesId: '1',
  speakerId: '1',
  sermonId: null,
};

describe('the live stream page', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('makes a sermon of the stream that ended and opens it for its passages and audio', async () => {
    const api = openAsEditor('/live-stream', { stream: ENDED });
    expect(await screen.findByText('Sunday service (Finished)', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make a sermon of this stream' }));
    await waitFor(() => expect(api.calls.some((call) => call.operation === 'LiveStreamToSermon')).toBe(true), { timeout: 5000 });
    expect(await screen.findByRole('textbox', { name: /^Bible passages/ }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Title/ }).value).toBe('Sunday service'), { timeout: 5000 });
    expect(api.videos).toEqual([expect.objectContaining({ id: '1', title: 'Sunday service', preachedOn: '2026-11-22' })]);
  });

  it('sets the stream from times typed in London time, and takes it down after asking', async () => {
    const api = openAsEditor('/live-stream');
    expect(await screen.findByText(/^No stream is set/, undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Summer baptism service' } });
    fireEvent.change(screen.getByLabelText(/^Starts \(London time\)/), { target: { value: '2027-07-04T10:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^YouTube link/ }), { target: { value: 'https://www.youtube.com/live/dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the stream' }));
    await waitFor(() => expect(api.calls.some((call) => call.operation === 'UpdateLiveStream')).toBe(true), { timeout: 5000 });
    expect(api.calls.find((call) => call.operation === 'UpdateLiveStream')!.variables).toMatchObject({
      title: 'Summer baptism service',
      startsAt: '2027-07-04T09:30:00.000Z',
      video: 'https://www.youtube.com/live/dQw4w9WgXcQ',
    });
    expect(await screen.findByText('Summer baptism service (Coming up)', undefined, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Take the stream down' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take it down' }));
    expect(await screen.findByText(/^No stream is set/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.some((call) => call.operation === 'ClearLiveStream')).toBe(true);
  });
});
