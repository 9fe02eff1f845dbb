/**
 * Makes everything on the page inert except `keep` (and what contains them): no focus, no clicks, nothing read out
 * behind an open panel. Elements that were inert already are left as they were. Answers a function that undoes it.
 */
export function inertOutside(keep: HTMLElement[]): () => void {
  const made: HTMLElement[] = [];
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (!(child instanceof HTMLElement) || keep.includes(child)) continue;
      if (keep.some((element) => child.contains(element))) visit(child);
      else if (!child.inert) {
        child.inert = true;
        made.push(child);
      }
    }
  };
  visit(document.body);
  return () => {
    for (const element of made) element.inert = false;
  };
}
