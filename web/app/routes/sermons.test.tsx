import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, type ServerOperation } from '../../test/doubles';
import Sermons, { loader } from './sermons';
import Sermon, { loader as sermonLoader } from './sermons-sermon';
import SermonSeries, { loader as seriesLoader } from './sermons-series';
import { loader as oldAddressLoader } from './sermons-old-addresses';

const SERIES = { id: '2', title: 'I am', slug: 'i-am' };
const SPEAKER = { id: '5', name: 'Ruth Ames', slug: 'ruth-ames' };

const JOHN = {
  id: '11',
  title: 'The good shepherd',
  video: 'aqz-KE-bpKQ',
  poster: '/uploads/posters/11.jpg',
  createdAt: '2026-10-05T12:00:00.000Z',
  preachedOn: '2026-10-04',
  passages: ['John 10:1–18', 'Psalm 23'],
  series: SERIES,
  speaker: SPEAKER,
};

const SERMON = {
  ...JOHN,
  summary: 'Jesus knows his sheep.\n\nAnd they know his voice.',
  audio: '/uploads/audio/abc.mp3',
  audioBytes: 24_300_000,
  audioDurationSeconds: 2280,
  audioMimeType: 'audio/mpeg',
  transcript: 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.000\n<v Ruth>Good morning, church.\n\n2\n00:00:04.000 --> 00:00:09.000\nOpen your Bibles at John 10.',
  chapters: JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Welcome' }, { startTime: 245, title: 'The gate and the shepherd' }] }),
  inPodcast: true,
};

const FACETS = { books: [{ value: 'John', label: 'John', count: 3 }, { value: 'Ps', label: 'Psalms', count: 1 }], years: [{ value: '2026', label: '2026', count: 4 }] };

type Answer = (operation: ServerOperation) => GraphqlResult<unknown>;

const sermonsAnswer =
  (sermons: unknown[], count = sermons.length): Answer =>
  () => ({ data: { sermons, meta: { count }, facets: FACETS, series: [SERIES], speakers: [SPEAKER] } });

/** The sermon pages behind a root that gives the public URL, in front of a server that answers with `answer`. */
function renderAt(url: string, answer: Answer, settings: Record<string, unknown> = {}) {
  const server = fakeServer(answer);
  const Stub = createRoutesStub(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ publicUrl: 'https://church.example', settings }),
        Component: Outlet,
        children: [
          { path: 'sermons', Component: Sermons, loader: loader as unknown as LoaderFunction },
          { path: 'sermons/series/:slug', Component: SermonSeries, loader: seriesLoader as unknown as LoaderFunction },
          { path: 'sermons/:id', Component: Sermon, loader: sermonLoader as unknown as LoaderFunction },
        ],
      },
    ],
    server.context,
  );
  render(<Stub initialEntries={[url]} />);
  return { user: userEvent.setup(), sent: server.sent };
}

const loaderArgs = (url: string, answer: Answer, params: Record<string, string> = {}) =>
  ({ context: fakeServer(answer).context, params, request: new Request(`http://church.example${url}`) }) as never;

describe('the sermons page', () => {
  it('lists each sermon with its date, speaker, series and passages, linking to its page, its series and its speaker', async () => {
    renderAt('/sermons', sermonsAnswer([JOHN]));
    const card = (await screen.findByRole('link', { name: 'The good shepherd' })).closest('article')!;
    expect(screen.getByRole('link', { name: 'The good shepherd' }).getAttribute('href')).toBe('/sermons/11');
    expect(within(card).getByText('4 October 2026').tagName).toBe('TIME');
    expect(within(card).getByRole('link', { name: 'Ruth Ames' }).getAttribute('href')).toBe('/sermons/speakers/ruth-ames');
    expect(within(card).getByRole('link', { name: 'I am' }).getAttribute('href')).toBe('/sermons/series/i-am');
    expect(within(card).getByText('John 10:1–18; Psalm 23')).toBeTruthy();
  });

  it('filters with a GET form whose labelled fields come from the URL, and asks the server for exactly those filters', async () => {
    const { sent } = renderAt('/sermons?book=john&year=2026&series=2&q=shepherd&speaker=abc', sermonsAnswer([JOHN]));
    const form = await screen.findByRole('search', { name: 'Find a sermon' });
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: /Search/ }).value).toBe('shepherd');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Book of the Bible' }).value).toBe('John');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Year' }).value).toBe('2026');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Series' }).value).toBe('2');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Speaker' }).value).toBe('');
    expect(within(screen.getByRole('combobox', { name: 'Book of the Bible' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any book',
      'John (3)',
      'Psalms (1)',
    ]);
    expect(sent[0].variables).toEqual({ filter: { seriesId: '2', book: 'john', year: 2026, q: 'shepherd' }, page: 0, perPage: 12 });
  });

  it('says plainly when no sermon matches the filters, and keeps them in the page links', async () => {
    renderAt('/sermons?book=Jude', sermonsAnswer([]));
    expect((await screen.findByRole('status')).textContent).toBe('No sermons match. Try fewer filters, or another search.');
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/sermons');
  });

  it('pages through the sermons without losing the filters', async () => {
    const { sent } = renderAt('/sermons?book=John&page=2', sermonsAnswer([JOHN], 30));
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: '← Newer' }).getAttribute('href')).toBe('/sermons?book=John');
    expect(within(pages).getByRole('link', { name: 'Older →' }).getAttribute('href')).toBe('/sermons?book=John&page=3');
    expect(sent[0].variables).toMatchObject({ page: 1 });
  });

  it('offers the podcast feed to subscribe to, at its full address', async () => {
    renderAt('/sermons', sermonsAnswer([JOHN]));
    const subscribe = await screen.findByRole('complementary', { name: 'Subscribe' });
    expect(within(subscribe).getByRole('link').getAttribute('href')).toBe('/podcast.xml');
    expect(within(subscribe).getByRole('link').textContent).toBe('https://church.example/podcast.xml');
  });

  it('offers Apple Podcasts and Spotify once the settings name the show there', async () => {
    const apple = 'https://podcasts.apple.com/gb/podcast/sunday-messages/id1234567890';
    const spotify = 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk';
    renderAt('/sermons', sermonsAnswer([JOHN]), { podcastAppleUrl: apple, podcastSpotifyUrl: spotify });
    const subscribe = await screen.findByRole('complementary', { name: 'Subscribe' });
    expect(within(subscribe).getByRole('link', { name: 'Apple Podcasts' }).getAttribute('href')).toBe(apple);
    expect(within(subscribe).getByRole('link', { name: 'Spotify' }).getAttribute('href')).toBe(spotify);
  });
});

describe("a sermon's page", () => {
  it('plays the audio only when asked, under a visible label with its length in words, and offers the file to keep', async () => {
    renderAt('/sermons/11', () => ({ data: { sermon: SERMON } }));
    const listen = await screen.findByRole('region', { name: 'Listen' });
    const audio = listen.querySelector('audio')!;
    expect([audio.hasAttribute('controls'), audio.getAttribute('preload'), audio.getAttribute('src')]).toEqual([true, 'none', '/uploads/audio/abc.mp3']);
    expect(document.getElementById(audio.getAttribute('aria-labelledby')!)!.textContent).toBe('The good shepherd (38 minutes)');
    const download = within(listen).getByRole('link', { name: 'Download the audio (MP3, 24 MB)' });
    expect([download.getAttribute('href'), download.hasAttribute('download')]).toEqual(['/uploads/audio/abc.mp3', true]);
  });

  it('links each passage to Bible Gateway in a new tab, without giving it a handle on this page', async () => {
    renderAt('/sermons/11', () => ({ data: { sermon: SERMON } }));
    const passages = await screen.findByRole('region', { name: 'Bible passages' });
    const john = within(passages).getByRole('link', { name: /John 10:1–18/ });
    expect(john.getAttribute('href')).toBe('https://www.biblegateway.com/passage/?search=John%2010%3A1-18&version=NIVUK');
    expect([john.getAttribute('target'), john.getAttribute('rel')]).toEqual(['_blank', 'noopener']);
  });

  it('shows the transcript as text without its timings, folded away, and the chapters with their start times', async () => {
    renderAt('/sermons/11', () => ({ data: { sermon: SERMON } }));
    const transcript = (await screen.findByText('Read the transcript')).closest('details')!;
    expect(transcript.open).toBe(false);
    expect(within(transcript).getByText('Good morning, church. Open your Bibles at John 10.').tagName).toBe('P');
    expect(transcript.textContent).not.toContain('-->');
    const chapters = screen.getByRole('region', { name: 'Chapters' });
    expect(within(chapters).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['0:00 Welcome', '4:05 The gate and the shepherd']);
  });

  it('answers 404 for a sermon that does not exist, and for an id that is not one', async () => {
    const missing = await Promise.resolve(sermonLoader(loaderArgs('/sermons/404', () => ({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }), { id: '404' }))).catch((error: unknown) => error);
    expect(missing).toMatchObject({ init: { status: 404 } });
    const odd = await Promise.resolve(sermonLoader(loaderArgs('/sermons/x', () => ({ data: {} }), { id: 'rss.xml' }))).catch((error: unknown) => error);
    expect(odd).toMatchObject({ init: { status: 404 } });
  });
});

describe('a series page', () => {
  const answer: Answer = ({ query }) =>
    query.includes('SeriesPage')
      ? { data: { found: [{ ...SERIES, description: 'Seven sayings of Jesus.', image: null, imageSrcSet: null, imageWidth: null, imageHeight: null, startedAt: null, sermonCount: 1 }] } }
      : { data: { sermons: [JOHN] } };

  it('describes the series and lists its sermons in the order they were preached', async () => {
    const { sent } = renderAt('/sermons/series/i-am', answer);
    expect(await screen.findByRole('heading', { level: 1, name: 'I am' })).toBeTruthy();
    expect(screen.getByText('Seven sayings of Jesus.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The good shepherd' })).toBeTruthy();
    expect(sent[1].variables).toEqual({ filter: { seriesId: '2' }, sortOrder: 'ASC' });
  });

  it('answers 404 for a slug no series has', async () => {
    const thrown = await Promise.resolve(seriesLoader(loaderArgs('/sermons/series/nope', () => ({ data: { found: [] } }), { slug: 'nope' }))).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});

describe('the old video addresses', () => {
  it('move for good to the sermons', () => {
    const list = oldAddressLoader({ params: {} } as never);
    const one = oldAddressLoader({ params: { id: '11' } } as never);
    expect([list.status, list.headers.get('location')]).toEqual([301, '/sermons']);
    expect([one.status, one.headers.get('location')]).toEqual([301, '/sermons/11']);
  });
});
