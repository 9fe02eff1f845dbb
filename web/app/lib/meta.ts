import type { MetaDescriptor } from 'react-router';
import { siteConfig } from '../site-config';

/** A page's <title> and description meta, the site's name appended. */
export function pageMeta(title: string, description: string = siteConfig.description): MetaDescriptor[] {
  return [{ title: `${title} | ${siteConfig.name}` }, { name: 'description', content: description }];
}

/** Open Graph tags for a shareable page; `image` and `path` become absolute on the site's public URL. */
export function openGraph(input: { title: string; description: string; publicUrl: string; path: string; image?: string | null; type?: string }): MetaDescriptor[] {
  const absolute = (path: string) => new URL(path, `${input.publicUrl}/`).href;
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: input.type ?? 'article' },
    { property: 'og:site_name', content: siteConfig.name },
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
export function publicUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}
