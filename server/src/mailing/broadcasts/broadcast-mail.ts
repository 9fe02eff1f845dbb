import { convert } from 'html-to-text';
import { escapeHtml } from '../../common/escape-html.js';

/** Stands for each recipient's own unsubscribe link until the message is addressed: the layout is rendered once per broadcast. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/link';

export interface Letter {
  subject: string;
  /** Sanitised rich text. */
  body: string;
  publicUrl: string;
  charity: { name: string; number: string; address: string[] };
  /** A list's name for marketing (with the unsubscribe link), or why a service message reaches its reader. */
  footer: { listName: string } | { reason: string };
}

/** Images and links written relative to the site (`/uploads/…`) made absolute: a mail program has no site to resolve them against. */
const absolute = (html: string, publicUrl: string) => html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${publicUrl.replace(/\/+$/, '')}/`);

function footerHtml(letter: Letter): string {
  const { charity } = letter;
  const who = [escapeHtml(charity.name), charity.number && `Registered charity number ${escapeHtml(charity.number)}`, ...charity.address.map(escapeHtml)]
    .filter(Boolean)
    .join(' · ');
  const why =
    'listName' in letter.footer
      ? `You receive this because you are subscribed to ${escapeHtml(letter.footer.listName)}. <a href="${UNSUBSCRIBE_PLACEHOLDER}">Unsubscribe</a> with one click, no sign-in needed.`
      : escapeHtml(letter.footer.reason);
  return `<p>${why}</p><p>${who}</p>`;
}

/**
 * The e-mail as HTML (MJML: tables and inline styles that Outlook and Gmail render alike, a single column that fits
 * a phone) and as plain text, with the unsubscribe placeholder where each recipient's link goes.
 */
export async function renderLetter(letter: Letter): Promise<{ html: string; text: string }> {
  const body = absolute(letter.body, letter.publicUrl);
  const footer = footerHtml(letter);
  const source = `<mjml lang="en-GB">
  <mj-head>
    <mj-title>${escapeHtml(letter.subject)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="1.5" color="#1f2933" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f5" width="600px">
    <mj-section padding="16px 0"><mj-column><mj-text font-size="14px" color="#52606d" align="center">${escapeHtml(letter.charity.name)}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="8px 16px"><mj-column>
      <mj-text font-size="22px" font-weight="bold">${escapeHtml(letter.subject)}</mj-text>
      <mj-text>${body}</mj-text>
    </mj-column></mj-section>
    <mj-section padding="16px"><mj-column><mj-text font-size="13px" color="#52606d">${footer}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
  // Loaded on the first letter, not at start: MJML and its HTML tooling are most of a second to load.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(source, { validationLevel: 'soft', keepComments: false });
  if (errors.length) throw new Error(`the e-mail layout did not render: ${errors[0].formattedMessage}`);
  const text = convert(`<h1>${escapeHtml(letter.subject)}</h1>${body}<hr>${footer}`, {
    wordwrap: 78,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
  return { html, text };
}

/** One recipient's copy: their unsubscribe link in place of the placeholder. */
export const addressed = (rendered: { html: string; text: string }, unsubscribeUrl: string) => ({
  html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
  text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
});
