import { describe, expect, it } from 'vitest';
import { meta as seriesMeta } from './sermons-series';
import { meta as speakerMeta } from './sermons-speaker';

const matches = [{ id: 'root', data: { publicUrl: 'https://church.example.org', settings: { name: 'Grace Harbour', description: 'A church' } } }];
type SeriesArgs = Parameters<typeof seriesMeta>[0];
type SpeakerArgs = Parameters<typeof speakerMeta>[0];

describe("a series' and a speaker's page titles and sharing cards", () => {
  it("take the series' title, the start of its description, and its address", () => {
    const profile = { id: '1', slug: 'i-am', title: 'I am', description: 'Seven sayings of Jesus.', startedAt: null, sermonCount: 2, image: '/uploads/i-am.jpg' };
    const tags = seriesMeta({ loaderData: { profile, sermons: [] }, matches } as unknown as SeriesArgs);
    expect(tags).toContainEqual({ title: 'I am | Grace Harbour' });
    expect(tags).toContainEqual({ name: 'description', content: 'Seven sayings of Jesus.' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://church.example.org/sermons/series/i-am' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://church.example.org/uploads/i-am.jpg' });
  });

  it("say whose sermons a speaker's page holds when there is no biography", () => {
    const profile = { id: '1', slug: 'ruth-ames', name: 'Ruth Ames', bio: '', sermonCount: 1, image: null };
    const tags = speakerMeta({ loaderData: { profile, sermons: [] }, matches } as unknown as SpeakerArgs);
    expect(tags).toContainEqual({ title: 'Ruth Ames | Grace Harbour' });
    expect(tags).toContainEqual({ name: 'description', content: 'Sermons by Ruth Ames.' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://church.example.org/sermons/speakers/ruth-ames' });
  });

  it('name a page nobody has as not found', () => {
    expect(seriesMeta({ loaderData: undefined, matches } as unknown as SeriesArgs)).toContainEqual({ title: 'Series not found | Grace Harbour' });
    expect(speakerMeta({ loaderData: undefined, matches } as unknown as SpeakerArgs)).toContainEqual({ title: 'Speaker not found | Grace Harbour' });
  });
});
