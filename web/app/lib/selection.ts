/**
 * The last post or book a visitor opened, for the legacy /post-details and /book-details-page paths that
 * show "the selected item" without naming it in the URL.
 */
type Kind = 'post' | 'book';

const key = (kind: Kind) => `selected-${kind}`;

export function rememberSelection(kind: Kind, id: string) {
  try {
    window.localStorage.setItem(key(kind), id);
  } catch {
    // Private browsing without storage: the shareable URL still works.
  }
}

export function recallSelection(kind: Kind): string | null {
  try {
    return window.localStorage.getItem(key(kind));
  } catch {
    return null;
  }
}
