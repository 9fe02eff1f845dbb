import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsEditor } from '../test/sermonConsole';

const passages = () => screen.findByRole('textbox', { name: /^Bible passages/ }, { timeout: 15_000 });
const podcastSwitch = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Publish to podcast' });

describe('the sermon form', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows, as the passages are typed, how they will be saved and what is not a Bible reference', async () => {
    const api = openAsEditor('/videos/create');
    fireEvent.change(await passages(), { target: { value: 'Jn 3:16-18; Ps 23' } });
    expect(await screen.findByText('Will be saved as: John 3:16–18, Psalm 23', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.filter((call) => call.operation === 'CheckPassages').map((call) => call.variables)).toEqual([{ text: 'Jn 3:16-18; Ps 23' }]);

    fireEvent.change(await passages(), { target: { value: 'Jn 3:16; the wedding at Cana' } });
    expect(await screen.findByText(/^Not recognised as a Bible reference: “the wedding at Cana”/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps "Publish to podcast" off until there is audio, uploads the recording as the field audio, and saves its address', async () => {
    const api = openAsEditor('/videos/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 15_000 }), { target: { value: 'Living water' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^YouTube video/ }), { target: { value: 'dQw4w9WgXcQ' } });
    expect(podcastSwitch().disabled).toBe(true);
    expect(screen.getByText(/Add an audio recording above first/)).toBeTruthy();

    const recording = new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'living-water.mp3', { type: 'audio/mpeg' });
    fireEvent.change(screen.getByLabelText('Audio recording file'), { target: { files: [recording] } });
    expect(await screen.findByText(/^Uploaded: 41 min 12 s, 24.3 MB\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.uploads).toEqual([{ field: 'audio', name: 'living-water.mp3', authorization: 'Bearer editor-token' }]);

    expect(podcastSwitch().disabled).toBe(false);
    fireEvent.click(podcastSwitch());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.videos).toHaveLength(1), { timeout: 5000 });
    expect(api.videos[0]).toMatchObject({ title: 'Living water', audio: api.audio.url, inPodcast: true });
  });
});
