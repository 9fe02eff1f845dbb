import './scroll-row.css';

/**
 * Focus on a card shows the whole card: a browser leaves a card the row has scrolled partly away where it is, with
 * its centre, and so its focus ring, off-screen.
 */
function revealFocusedCard(event: React.FocusEvent<HTMLDivElement>) {
  if (event.target === event.currentTarget) return;
  event.target.closest('.scroll-row > * > *')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * A row of cards that scrolls sideways on a phone (so eight testimonies are not eight screens of scrolling) and
 * wraps into a grid on wider screens. Focusable, so keyboard users can scroll it too.
 */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="scroll-row" role="region" aria-label={label} tabIndex={0} onFocus={revealFocusedCard}>
      {children}
    </div>
  );
}
