import { useCallback, useEffect, useState } from 'react';
import { ResponsiveImage, type ImageFields } from '../../components/responsive-image';
import { useHydrated } from '../../components/use-hydrated';
import './hero-slider.css';

export type Slide = ImageFields & { id: string; title: string };

/** Spec §9: the home slider autoplays every 3000 ms and slides in 500 ms (the CSS transition). */
export const SLIDE_INTERVAL_MS = 3000;

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** The icon inside a slideshow control button. */
function ControlIcon({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/**
 * The home page's carousel of slider images (banners of 1500 by 400 that often carry their own words, so
 * nothing is drawn over them). It plays by itself, but stops while a pointer rests on it or
 * focus is inside it, when the visitor pauses it, and for anyone who asked their system for less motion.
 * Previous/next buttons, dots and the arrow keys move it.
 */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The visitor's own play/pause choice wins over the reduced-motion default.
  const [wantsPlay, setWantsPlay] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  // The slides after the first are drawn once the page is running: the slider cannot move before that, and their
  // images then stay out of the first paint's way on a slow connection.
  const running = useHydrated();
  const count = slides.length;
  const playing = count > 1 && (wantsPlay ?? !reducedMotion);
  const moving = playing && !hovered && !focused;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [moving, count]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
  };

  if (!count) return null;
  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Welcome"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="hero-viewport">
      <div className="hero-track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={moving ? 'off' : 'polite'} data-slide-index={index}>
        {slides.map((slide, position) => (
          <div
            key={slide.id}
            className="hero-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}: ${slide.title}`}
            aria-hidden={position !== index}
            inert={position !== index}
          >
            {(position === 0 || running) && <ResponsiveImage data={slide} alt={slide.title} sizes="100vw" priority={position === 0} />}
          </div>
        ))}
      </div>
      </div>
      {count > 1 && (
        <div className="hero-controls">
          <button type="button" className="hero-button" onClick={() => go(index - 1)} aria-label="Previous slide">
            <ControlIcon>
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </ControlIcon>
          </button>
          <button type="button" className="hero-button" onClick={() => setWantsPlay(!playing)} aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}>
            <ControlIcon>{playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}</ControlIcon>
          </button>
          <button type="button" className="hero-button" onClick={() => go(index + 1)} aria-label="Next slide">
            <ControlIcon>
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </ControlIcon>
          </button>
          <ul className="hero-dots">
            {slides.map((slide, position) => (
              <li key={slide.id}>
                <button type="button" className="hero-dot" aria-label={`Show slide ${position + 1}: ${slide.title}`} aria-current={position === index ? 'true' : undefined} onClick={() => go(position)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
