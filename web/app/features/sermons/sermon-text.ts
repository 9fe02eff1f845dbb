/** A passage on Bible Gateway, in the NIV (UK), e.g. "John 3:16–18". Its en dash is sent as a hyphen, as the site reads it. */
export function passageUrl(passage: string): string {
  return `https://www.biblegateway.com/passage/?search=${encodeURIComponent(passage.replace(/–/g, '-'))}&version=NIVUK`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A length read out as words: "1 hour 4 minutes", "38 minutes", "45 seconds". */
export function durationInWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return plural(whole, 'second');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.round((whole % 3600) / 60);
  return [hours && plural(hours, 'hour'), minutes && plural(minutes, 'minute')].filter(Boolean).join(' ');
}

/** A time in a recording as a clock reads it: "4:05", "1:02:09". */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** "MP3, 24 MB": what a download will be. */
export function fileDescription(mimeType: string | null, bytes: number | null): string {
  const kind = mimeType === 'audio/mpeg' ? 'MP3' : mimeType?.startsWith('audio/') ? 'M4A' : '';
  const size = bytes ? `${Math.max(1, Math.round(bytes / 1_000_000))} MB` : '';
  return [kind, size].filter(Boolean).join(', ');
}

const CUE_TIMING = /-->/;

/**
 * A transcript as paragraphs to read: WebVTT loses its header, notes, cue numbers, timings and voice tags; a
 * cue's lines run on into its paragraph. Plain text keeps its own paragraphs.
 */
export function transcriptParagraphs(transcript: string): string[] {
  const blocks = transcript.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  if (!/^\uFEFF?WEBVTT/.test(transcript)) return blocks.map((block) => block.trim()).filter(Boolean);
  const cues = blocks.flatMap((block) => {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => CUE_TIMING.test(line));
    if (timing < 0) return [];
    return [lines.slice(timing + 1).join(' ').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim()];
  });
  return joinSentences(cues.filter(Boolean));
}

/** Cues are a few words each: run them together into paragraphs that end where a sentence ends. */
function joinSentences(cues: string[]): string[] {
  const paragraphs: string[] = [];
  let current = '';
  for (const cue of cues) {
    current = current ? `${current} ${cue}` : cue;
    if (current.length > 400 && /[.!?]["”’]?$/.test(current)) {
      paragraphs.push(current);
      current = '';
    }
  }
  if (current) paragraphs.push(current);
  return paragraphs;
}

export type Chapter = { startTime: number; title: string };

/** The chapters of a sermon's JSON (podcast namespace); anything unreadable is no chapters rather than a broken page. */
export function chaptersOf(json: string | null): Chapter[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as { chapters?: unknown };
    if (!Array.isArray(parsed.chapters)) return [];
    return parsed.chapters.filter((chapter): chapter is Chapter => typeof chapter?.startTime === 'number' && typeof chapter?.title === 'string');
  } catch {
    return [];
  }
}
