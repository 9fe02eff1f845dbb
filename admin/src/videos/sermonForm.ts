/** A sermon as the form holds it: `passages` is a list when read and one line once edited. */
type SermonValues = Record<string, unknown> & { passages?: unknown; audio?: unknown; inPodcast?: unknown };

/**
 * What is saved from the sermon form: the passages as one line (the server reads and normalises them), no
 * podcast without audio, and only the ids of the series and speaker (their objects would be sent in place of
 * the ids chosen).
 */
export function sermonToSave({ series: _series, speaker: _speaker, ...values }: SermonValues): SermonValues {
  const passages = Array.isArray(values.passages) ? values.passages.join('; ') : values.passages;
  return { ...values, passages, inPodcast: Boolean(values.audio) && Boolean(values.inPodcast) };
}

/** The chapters box: empty, or podcast chapters as JSON. Answers what is wrong, in words, or undefined. */
export function checkChapters(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'This is not in the chapters format: check the brackets, quotes and commas against the example.';
  }
  const chapters = (parsed as { chapters?: unknown })?.chapters;
  if (!Array.isArray(chapters)) return 'The chapters must be a list called "chapters", as in the example.';
  const wrong = chapters.findIndex((chapter) => typeof chapter?.startTime !== 'number' || typeof chapter?.title !== 'string');
  return wrong === -1 ? undefined : `Chapter ${wrong + 1} needs a "startTime" (seconds from the start) and a "title".`;
}

export const CHAPTERS_EXAMPLE = '{ "version": "1.2.0", "chapters": [{ "startTime": 0, "title": "Welcome" }, { "startTime": 300, "title": "The reading" }] }';
