import { randomBytes } from 'node:crypto';
import { ROLE } from '@ministry/shared';
import type { EntityManager } from 'typeorm';
import { hashPassword, User } from '../auth/index.js';

/** Invented members whose requests, gifts and orders fill the console; `example.com` addresses receive no mail. */
export const DEMO_MEMBERS = [
  { title: 'Sister', firstname: 'Hannah', lastname: 'Whitfield', gender: 'female', marital_status: 'married', email: 'hannah.whitfield@example.com', city: 'London', house: '14', postcode: 'E2 8AA' },
  { title: 'Brother', firstname: 'Tobias', lastname: 'Ferreira', gender: 'male', marital_status: 'single', email: 'tobias.ferreira@example.com', city: 'Croydon', house: '3 Elm Court', postcode: 'CR0 1AB' },
  { title: 'Sister', firstname: 'Amara', lastname: 'Nwosu', gender: 'female', marital_status: 'widow', email: 'amara.nwosu@example.com', city: 'Ilford', house: '27', postcode: 'IG1 1AA' },
] as const;

export type DemoMember = User & { house: string; postcode: string };

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number, hour = 10): Date => {
  const day = new Date(Date.now() - days * DAY_MS);
  day.setUTCHours(hour, (days * 7) % 60, 0, 0);
  return day;
};

/**
 * The demo members, joined months ago. Their password is random and thrown away: nobody can sign in as them
 * (the README documents no member login), yet the console shows them like any member.
 */
export async function seedDemoMembers(manager: EntityManager): Promise<DemoMember[]> {
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
  const members: DemoMember[] = [];
  for (const [i, { house, postcode, ...member }] of DEMO_MEMBERS.entries()) {
    const joined = daysAgo(200 - i * 20);
    const user = manager.create(User, {
      ...member,
      phone: `+44 20 7946 01${50 + i}`,
      country: 'United Kingdom',
      state: 'England',
      passwordHash,
      emailVerified: true,
      emailVerifiedAt: joined,
      role: ROLE.Member,
      createdAt: joined,
      updatedAt: joined,
    });
    members.push(Object.assign(await manager.save(user), { house, postcode }));
  }
  return members;
}
