import sanitizeHtml from 'sanitize-html';

const EXCERPT_LENGTH = 200;

/**
 * The admin editor's HTML reduced to an allowlist: paragraphs, headings, lists, links (http, https, mailto),
 * emphasis, blockquotes and images from our own uploads. Scripts, event handlers, styles and other schemes go.
 */
export function sanitizeBody(html: string, isOwnImage: (url: string) => boolean): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, attribs) => ({ tagName, attribs: attribs.src && isOwnImage(attribs.src) ? attribs : {} }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}

const TEXT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Plain text from the start of a sanitised body, cut at a word, for lists and link previews. */
export function excerptOf(body: string): string {
  const spaced = body.replace(/<\/?(p|h[1-6]|ul|ol|li|blockquote)\b[^>]*>|<br\s*\/?>/gi, ' $& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot);/g, (entity) => TEXT_ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** A URL-safe slug from a title: `Sunday Service – 10am` becomes `sunday-service-10am`. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'post'
  );
}
