import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HeroSlider, type Slide } from './hero-slider';

const SLIDES: Slide[] = ['Welcome Home', 'Pray With Us Online', 'Night Vigil'].map((title, index) => ({
  id: String(index + 1),
  title,
  image: `/uploads/slide-${index + 1}-1500.webp`,
  imageSrcSet: `/uploads/slide-${index + 1}-480.webp 480w, /uploads/slide-${index + 1}-1500.webp 1500w`,
  imageWidth: 1500,
  imageHeight: 400,
}));

describe('the home slider', () => {
  it('sends only the first slide’s image in the server’s HTML, fetched first', () => {
    const html = renderToString(<HeroSlider slides={SLIDES} />);
    expect(html).toContain('slide-1-1500.webp');
    expect(html).not.toContain('slide-2-');
    expect(html).not.toContain('slide-3-');
    expect(html).toMatch(/fetchPriority="high"/i);
    expect(html.match(/class="hero-slide"/g)).toHaveLength(3);
  });

  it('draws every slide’s image once it runs in the browser, the later ones fetched lazily', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
    render(<HeroSlider slides={SLIDES} />);
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(SLIDES.map((slide) => slide.title));
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });
});
