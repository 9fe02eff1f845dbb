import { describe, expect, it } from 'vitest';
import { checkChapters, CHAPTERS_EXAMPLE, sermonToSave } from './sermonForm';

describe('saving the sermon form', () => {
  it('sends the passages as one line, the ids rather than the series and speaker, and no podcast without audio', () => {
    const saved = sermonToSave({ title: 'Living water', passages: ['John 3:16–18', 'Psalm 23'], series: { id: '1' }, seriesId: '2', speaker: { id: '1' }, audio: '', inPodcast: true });
    expect(saved).toEqual({ title: 'Living water', passages: 'John 3:16–18; Psalm 23', seriesId: '2', audio: '', inPodcast: false });
    expect(sermonToSave({ passages: 'Jn 3', audio: '/uploads/a.mp3', inPodcast: true })).toMatchObject({ passages: 'Jn 3', inPodcast: true });
  });

  it('takes the example chapters and no chapters, and says in words what is wrong with others', () => {
    expect(checkChapters(CHAPTERS_EXAMPLE)).toBeUndefined();
    expect(checkChapters('')).toBeUndefined();
    expect(checkChapters('{ "chapters": [ }')).toMatch(/^This is not in the chapters format/);
    expect(checkChapters('[]')).toMatch(/must be a list called "chapters"/);
    expect(checkChapters('{ "chapters": [{ "startTime": 0, "title": "Welcome" }, { "title": "Reading" }] }')).toBe('Chapter 2 needs a "startTime" (seconds from the start) and a "title".');
  });
});
