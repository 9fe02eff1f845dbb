import './scroll-row.css';

/**
 * A row of cards that scrolls sideways on a phone (so eight testimonies are not eight screens of scrolling) and
 * wraps into a grid on wider screens. Focusable, so keyboard users can scroll it too.
 */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="scroll-row" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
