/** The URL of a list narrowed by a filter, as react-admin reads it from the query string. */
export const listUrl = (resource: string, filter?: Record<string, string | boolean>) =>
  filter ? `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${resource}`;
