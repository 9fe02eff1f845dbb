import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { MailMessage } from '../../mail/index.js';
import { absoluteUrl, SiteSettingsService } from '../../site/index.js';
import { signMailToken } from '../mail-tokens.js';
import { isMarketing } from './audience.js';
import type { Audience } from './broadcast.entity.js';
import { addressed, renderLetter } from './broadcast-mail.js';

export interface LetterSource {
  id: number;
  subject: string;
  body: string;
  audience: Audience;
  listName: string | null;
}

/** Why a service message reaches its reader, in its footer (it has no list to leave). */
const SERVICE_REASON: Record<'Occurrence' | 'Role', string> = {
  Occurrence: 'You receive this because you are booked on this event.',
  Role: 'You receive this because of your role on our team.',
};

/** A broadcast's e-mail: rendered once per broadcast (kept for the few being sent), then addressed to each recipient. */
@Injectable()
export class LettersService {
  private readonly rendered = new Map<string, Promise<{ html: string; text: string }>>();

  constructor(
    private readonly settings: SiteSettingsService,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  async render(source: Omit<LetterSource, 'id'>): Promise<{ html: string; text: string }> {
    const site = await this.settings.get();
    const footer = isMarketing(source.audience)
      ? { listName: source.listName ?? 'our list' }
      : { reason: SERVICE_REASON[source.audience.kind as 'Occurrence' | 'Role'] };
    return renderLetter({
      subject: source.subject,
      body: source.body,
      publicUrl: this.config.publicUrl,
      charity: { name: site.name, number: site.charityNumber, address: [...site.addressLines, site.postcode].filter(Boolean) },
      footer,
    });
  }

  /** The layout of a broadcast being sent, rendered on first use; a broadcast's text never changes once it is sent. */
  private renderedOf(source: LetterSource) {
    const key = String(source.id);
    let found = this.rendered.get(key);
    if (!found) {
      found = this.render(source);
      found.catch(() => this.rendered.delete(key));
      // A handful of broadcasts go out at once at most; the oldest is dropped.
      if (this.rendered.size >= 8) this.rendered.delete(this.rendered.keys().next().value!);
      this.rendered.set(key, found);
    }
    return found;
  }

  /** One recipient's message: their unsubscribe link and headers (marketing only) and a return path that names them. */
  async messageFor(source: LetterSource, recipient: { id: string; email: string; subscriberId: number | null }): Promise<MailMessage> {
    const secret = this.config.jwtSecret;
    const returnPath = `bounces+${signMailToken(secret, 'return-path', recipient.id)}@${this.config.mailBounceDomain}`;
    const marketing = isMarketing(source.audience) && source.audience.listId && recipient.subscriberId;
    const token = marketing ? signMailToken(secret, 'unsubscribe', `${source.audience.listId}-${recipient.subscriberId}`) : null;
    const letter = await this.renderedOf(source);
    const { html, text } = addressed(letter, token ? absoluteUrl(this.config, `/unsubscribe?token=${token}`) : absoluteUrl(this.config, '/newsletters'));
    return {
      to: recipient.email,
      subject: source.subject,
      text,
      html,
      returnPath,
      headers: token
        ? {
            'List-Unsubscribe': `<${absoluteUrl(this.config, `/api/mail/unsubscribe?token=${token}`)}>, <mailto:unsubscribe+${token}@${this.config.mailBounceDomain}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            // RFC 2919: a quoted phrase, so a list named "St. Mary's News" keeps its dot and apostrophe.
            'List-Id': `"${(source.listName ?? 'list').replace(/["\\\r\n]/g, '')}" <list-${source.audience.listId}.${this.config.mailBounceDomain}>`,
          }
        : {},
    };
  }
}
