import type { MetaDescriptor } from 'react-router';

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

type RootData = { publicUrl?: string; settings?: { name: string; description: string } };

const rootOf = (matches: Matches) => (matches.find((match) => match?.id === 'root')?.data ?? {}) as RootData;

/** The organisation's name from the site settings the root loader read. */
export const siteNameOf = (matches: Matches) => rootOf(matches).settings?.name ?? '';

/** A page's <title> and description meta, the site's name (from site settings) appended. */
export function pageMeta(matches: Matches, title: string, description?: string): MetaDescriptor[] {
  const name = siteNameOf(matches);
  return [{ title: name ? `${title} | ${name}` : title }, { name: 'description', content: description ?? rootOf(matches).settings?.description ?? '' }];
}

/** Open Graph tags for a shareable page; `image` and `path` become absolute on the site's public URL. */
export function openGraph(input: { matches: Matches; title: string; description: string; path: string; image?: string | null; type?: string }): MetaDescriptor[] {
  const publicUrl = publicUrlOf(input.matches);
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).href;
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: input.type ?? 'article' },
    { property: 'og:site_name', content: siteNameOf(input.matches) },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: absolute(input.path) },
    { tagName: 'link', rel: 'canonical', href: absolute(input.path) },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ];
  if (input.image) tags.push({ property: 'og:image', content: absolute(input.image) });
  return tags;
}

/** The site's public origin from the root loader, for Open Graph URLs. */
export function publicUrlOf(matches: Matches): string {
  return rootOf(matches).publicUrl ?? '';
}
