import './page-intro.css';

/** The banner at the top of an inner page: its one <h1> and a line of introduction. */
export function PageIntro({ title, lead, eyebrow }: { title: string; lead?: React.ReactNode; eyebrow?: string }) {
  return (
    <header className="page-intro">
      <div className="page-intro-inner">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
    </header>
  );
}
