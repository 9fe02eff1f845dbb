import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/how-to-become-a-christian';
import '../styles/content.css';
import './how-to-become-a-christian.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'How to become a Christian', 'God loves you and wants a relationship with you. Here is how you can begin a new life with Jesus.');

const steps = [
  { title: 'God loves you', text: '“For God so loved the world that he gave his one and only Son, that whoever believes in him shall not perish but have eternal life” (John 3:16).' },
  { title: 'We have all fallen short', text: '“All have sinned and fall short of the glory of God” (Romans 3:23). Sin separates us from God, and we cannot fix that on our own.' },
  { title: 'Jesus made a way', text: 'Jesus died on the cross in our place and rose again. “If you declare with your mouth, ‘Jesus is Lord,’ and believe in your heart that God raised him from the dead, you will be saved” (Romans 10:9).' },
  { title: 'Receive him today', text: 'Turn to God, ask him to forgive you, and invite Jesus to lead your life. “To all who did receive him, to those who believed in his name, he gave the right to become children of God” (John 1:12).' },
];

export default function HowToBecomeAChristian() {
  return (
    <>
      <PageIntro eyebrow="New life" title="How to become a Christian" lead="Becoming a Christian is not about being good enough. It is about receiving the love God freely offers." />
      <section className="section narrow">
        <ol className="steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h2>{step.title}</h2>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="callout">
          <h2>A simple prayer</h2>
          <p>
            “Lord Jesus, thank you for loving me and dying for me. I am sorry for the wrong I have done. Please forgive me and come into my life. I trust you as my
            Saviour and I will follow you as my Lord. Amen.”
          </p>
        </div>
        <p>If you have prayed this prayer, or you would like to talk about it, we would love to hear from you and help you take your next steps.</p>
        <p className="actions">
          <Link className="button primary" to="/contact-us">
            Contact us
          </Link>
        </p>
      </section>
    </>
  );
}
