import type { EntityManager } from 'typeorm';
import { mailingChoiceWording, type ConsentBasis } from '@ministry/shared';
import type { DemoMember } from './demo-people.js';

const DEMO_LISTS: { name: string; description: string; basis: ConsentBasis }[] = [
  { name: 'Newsletter', description: 'What is on at church, once a week', basis: 'Consent' },
  { name: 'Prayer letter', description: 'Prayer points from our partners, once a month', basis: 'CharitableSoftOptIn' },
];

/**
 * Two public lists, one by consent and one by the charitable soft opt-in, and the demo members on them as the
 * ledger would show it: each confirmed the newsletter by its link, and each gift left the prayer letter's opt-out
 * unticked. Written as the ledger is, one line per event.
 */
export async function seedDemoMailing(manager: EntityManager, members: DemoMember[]): Promise<void> {
  for (const list of DEMO_LISTS) {
    const [{ id }] = await manager.query<{ id: number }[]>(`INSERT INTO mailing_lists (name, description, public, basis) VALUES ($1, $2, true, $3) RETURNING id`, [
      list.name,
      list.description,
      list.basis,
    ]);
    const source = list.basis === 'Consent' ? 'SignUpForm' : 'Donation';
    for (const member of members) {
      const [subscriber] = await manager.query<{ id: number }[]>(
        `INSERT INTO mail_subscribers (email, user_id) VALUES ($1, $2) ON CONFLICT ((lower(email))) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING id`,
        [member.email, member.id],
      );
      await manager.query(`INSERT INTO consent_events (subscriber_id, list_id, action, basis, source, wording) VALUES ($1, $2, 'Given', $3, $4, $5)`, [
        subscriber.id,
        id,
        list.basis,
        source,
        mailingChoiceWording(list),
      ]);
    }
  }
}
