import type { Page } from 'playwright-core';

/** Padding around the focused element where an outline or a ring may be drawn, in CSS pixels. */
const RING = 6;

/**
 * How many pixels of two PNG screenshots of one area differ by a contrast of at least 3:1 (WCAG relative luminance),
 * and the screenshots' scale. Both are decoded and compared by the page itself (a canvas), so no image library is
 * needed and only two numbers come back.
 */
function changedPixels(page: Page, focused: Buffer, unfocused: Buffer): Promise<{ changed: number; width: number }> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page does not have.
  return page.evaluate(
    async ([first, second]) => {
      const [a, b] = await Promise.all(
        [first, second].map(async (base64) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return { width: image.width, data: context.getImageData(0, 0, image.width, image.height).data };
        }),
      );
      // sRGB channel value → linear light, for WCAG's relative luminance.
      const linear = new Float64Array(256);
      for (let value = 0; value < 256; value += 1) {
        const c = value / 255;
        linear[value] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }
      let changed = 0;
      for (let i = 0; i < a.data.length; i += 4) {
        const x = 0.2126 * linear[a.data[i]] + 0.7152 * linear[a.data[i + 1]] + 0.0722 * linear[a.data[i + 2]];
        const y = 0.2126 * linear[b.data[i]] + 0.7152 * linear[b.data[i + 1]] + 0.0722 * linear[b.data[i + 2]];
        if ((Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05) >= 3) changed += 1;
      }
      return { changed, width: a.width };
    },
    [focused.toString('base64'), unfocused.toString('base64')] as const,
  );
}

/**
 * What is wrong with the keyboard focus on the page now, or null when nothing is (WCAG 2.2: 2.4.7, 2.4.11, and the
 * 3:1 change of 2.4.13 as a floor), as the browser scrolled it: something other than the page has focus; the point
 * at the centre of the focused element's first box (a link's first line) is that element, or inside it, so no sticky
 * header, bar or menu covers it; and the pixels that change between its focused and unfocused states, with a
 * contrast of at least 3:1, cover at least its perimeter, one CSS pixel thick.
 */
export async function focusProblem(page: Page): Promise<string | null> {
  const target = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const box = element.getBoundingClientRect();
    const first = element.getClientRects()[0] ?? box;
    const hit = document.elementFromPoint(first.left + first.width / 2, first.top + first.height / 2);
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
  const focused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  // The same element unfocused: focus goes to the page for a moment, then back, as a keyboard user left it.
  const handle = await page.evaluateHandle(() => document.activeElement as HTMLElement);
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const unfocused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await handle.evaluate((element) => element.focus());
  await handle.dispose();
  const { changed, width } = await changedPixels(page, focused, unfocused);
  const scale = width / clip.width;
  const perimeter = 2 * (target.box.width + target.box.height) * scale * scale;
  if (changed < perimeter) return `${target.label} shows too little focus change: ${changed} pixels change by 3:1, its perimeter is ${Math.round(perimeter)}`;
  return null;
}
