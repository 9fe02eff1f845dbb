import type { Page } from 'playwright-core';

/** Padding around the focused element where an outline or a ring may be drawn, in CSS pixels. */
const RING = 6;

interface Pixels {
  width: number;
  height: number;
  data: number[];
}

/** The RGBA pixels of a PNG screenshot, decoded by the page itself (a canvas), so no image library is needed. */
function decode(page: Page, png: Buffer): Promise<Pixels> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return { width: image.width, height: image.height, data: Array.from(context.getImageData(0, 0, image.width, image.height).data) };
  }, png.toString('base64'));
}

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * What is wrong with the keyboard focus on the page now, or null when nothing is (WCAG 2.2: 2.4.7, 2.4.11, and the
 * 3:1 change of 2.4.13 as a floor), as the browser scrolled it: something other than the page has focus; the point at the centre of the focused
 * element is that element, or inside it, so no sticky header, bar or menu covers it; and the pixels that change
 * between its focused and unfocused states, with a contrast of at least 3:1, cover at least its perimeter, one CSS
 * pixel thick.
 */
export async function focusProblem(page: Page): Promise<string | null> {
  const target = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const covered = !hit || (hit !== element && !element.contains(hit) && !(element as HTMLInputElement).labels?.[0]?.contains(hit));
    return { label, covered, hitLabel: hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing', box: { x: box.left, y: box.top, width: box.width, height: box.height } };
  });
  if (!target) return 'nothing has focus';
  if (target.covered) return `${target.label} is covered by ${target.hitLabel}`;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const clip = {
    x: Math.max(0, target.box.x - RING),
    y: Math.max(0, target.box.y - RING),
    width: Math.min(viewport.width, target.box.x + target.box.width + RING) - Math.max(0, target.box.x - RING),
    height: Math.min(viewport.height, target.box.y + target.box.height + RING) - Math.max(0, target.box.y - RING),
  };
  if (clip.width <= 0 || clip.height <= 0) return `${target.label} is outside the viewport`;
  const focused = await decode(page, await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }));
  // The same element unfocused: focus goes to the page for a moment, then back, as a keyboard user left it.
  const handle = await page.evaluateHandle(() => document.activeElement as HTMLElement);
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const unfocused = await decode(page, await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }));
  await handle.evaluate((element) => (element).focus());
  await handle.dispose();
  let changed = 0;
  for (let i = 0; i < focused.data.length; i += 4) {
    const a = luminance(focused.data[i], focused.data[i + 1], focused.data[i + 2]);
    const b = luminance(unfocused.data[i], unfocused.data[i + 1], unfocused.data[i + 2]);
    if (contrast(a, b) >= 3) changed += 1;
  }
  const scale = focused.width / clip.width;
  const perimeter = 2 * (target.box.width + target.box.height) * scale * scale;
  if (changed < perimeter) return `${target.label} shows too little focus change: ${changed} pixels change by 3:1, its perimeter is ${Math.round(perimeter)}`;
  return null;
}
