import type { AppConfig } from '../config/app-config.js';
import type { Post } from '../content/index.js';

/** An absolute address on the public site, as feeds, calendars and the sitemap must give them. */
export const absoluteUrl = (config: Pick<AppConfig, 'publicUrl'>, path: string) => new URL(path, `${config.publicUrl}/`).href;

/** The shareable address of a post on the web app. */
export const postPath = (post: Pick<Post, 'id'>) => `/post-details/${post.id}`;
