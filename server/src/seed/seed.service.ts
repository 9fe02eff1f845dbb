import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { hashPassword, User } from '../auth/index.js';
import { ROLE, type Role } from '../access/permissions.js';
import { AuditService } from '../audit/index.js';
import { GiftAidClaimService, GiftAidDeclarationService } from '../commerce/index.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ContentDemoSeed } from '../content/index.js';
import { RequestsService } from '../requests/index.js';
import { DEMO_SITE_SETTINGS, SiteSettings } from '../site/index.js';
import { recordDemoAudit } from './demo-audit.js';
import { seedDemoCare } from './demo-care.js';
import { seedDemoGiving } from './demo-giving.js';
import { seedDemoMailing } from './demo-mailing.js';
import { seedDemoMembers } from './demo-people.js';

/** Any number unique to this lock; held while one instance seeds, so two starting together seed once. */
const SEED_LOCK = 724_311;

/** One demo account per staff role (SEED_DEMO, never in production), so a first run can try each role. */
export const DEMO_STAFF: { role: Exclude<Role, typeof ROLE.Member | typeof ROLE.Admin>; email: string; firstname: string; lastname: string }[] = [
  { role: ROLE.Pastor, email: 'pastor@example.org', firstname: 'Grace', lastname: 'Adeyemi' },
  { role: ROLE.PrayerTeam, email: 'prayer@example.org', firstname: 'Samuel', lastname: 'Okafor' },
  { role: ROLE.Editor, email: 'editor@example.org', firstname: 'Ruth', lastname: 'Mensah' },
  { role: ROLE.Finance, email: 'finance@example.org', firstname: 'David', lastname: 'Clarke' },
  { role: ROLE.EventsTeam, email: 'events@example.org', firstname: 'Joseph', lastname: 'Bello' },
  { role: ROLE.Communications, email: 'comms@example.org', firstname: 'Esther', lastname: 'Nwosu' },
];

/**
 * The demo staff accounts' password, published in the README. Their own, never the admin's: setting
 * ADMIN_PASSWORD must not hand it to four more accounts.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff-password';

/**
 * Fills an empty database once: the admin account (from ADMIN_EMAIL / ADMIN_PASSWORD) and, with SEED_DEMO (the
 * default outside production), the demo site settings, the demo content of each feature, outside production only a
 * demo account per staff role, and invented members with requests, prayers, gifts, a Gift Aid claim and an audit
 * trail, so every screen of the console has something in it. All in one transaction: a failed seed leaves nothing.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly contentDemo: ContentDemoSeed,
    private readonly audit: AuditService,
    private readonly requests: RequestsService,
    private readonly declarations: GiftAidDeclarationService,
    private readonly claims: GiftAidClaimService,
  ) {}

  async onApplicationBootstrap() {
    const production = this.config.nodeEnv === 'production';
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (production) await this.retireDemoStaff(manager);
      if ((await manager.count(User)) > 0) return;
      const admin = manager.create(User, {
        title: 'Pastor',
        firstname: 'Site',
        lastname: 'Administrator',
        gender: 'male',
        marital_status: 'married',
        phone: '+44 20 0000 0000',
        email: this.config.adminEmail,
        passwordHash: await hashPassword(this.config.adminPassword),
        country: 'United Kingdom',
        state: 'England',
        city: 'London',
        role: ROLE.Admin,
      });
      await manager.save(admin);
      this.logger.log(`created the admin account ${this.config.adminEmail}`);
      if (this.config.adminPasswordIsDefault) {
        this.logger.warn('the admin password is the documented default: set ADMIN_PASSWORD before going live');
      }
      if (!this.config.seedDemo) return;
      await manager.update(SiteSettings, { id: 1 }, DEMO_SITE_SETTINGS);
      await this.contentDemo.seed(manager, admin);
      const staff = production ? [] : await this.seedDemoStaff(manager, admin);
      if (production) this.logger.log('no demo staff accounts in production: give roles to real accounts from the console');
      await this.seedDemoActivity(manager, staff);
    });
  }

  private async seedDemoStaff(manager: EntityManager, admin: User): Promise<User[]> {
    const { gender, marital_status, phone, country, state, city } = admin;
    const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
    const staff = await manager.save(DEMO_STAFF.map((member) => manager.create(User, { ...member, title: 'Brother', gender, marital_status, phone, passwordHash, country, state, city })));
    this.logger.log(`created the demo staff accounts ${DEMO_STAFF.map((member) => member.email).join(', ')} (their password is in the README)`);
    return staff;
  }

  /**
   * Invented members and what they did, worked by the demo staff. Without them (production) nothing is put on a
   * real account's name: the requests wait untouched, no claim is made, no read is on the audit trail.
   */
  private async seedDemoActivity(manager: EntityManager, staff: User[]): Promise<void> {
    const byRole = (role: Role) => staff.find((member) => member.role === role);
    const readers = staff.length ? { pastor: byRole(ROLE.Pastor)!, prayerTeam: byRole(ROLE.PrayerTeam)!, finance: byRole(ROLE.Finance)! } : null;
    const members = await seedDemoMembers(manager);
    const care = await seedDemoCare(manager, this.requests, members, readers?.pastor ?? null);
    const giving = await seedDemoGiving(manager, { declarations: this.declarations, claims: this.claims }, members, readers?.finance ?? null);
    await seedDemoMailing(manager, members);
    await recordDemoAudit(manager, this.audit, { User: members.map((member) => String(member.id)), ...care, ...giving }, readers);
    this.logger.log(`added the demo members ${members.map((member) => member.email).join(', ')} with requests, prayers, gifts, a Gift Aid claim, mailing lists and audit lines`);
  }

  /**
   * Earlier versions seeded the demo staff accounts in production too, signing in with the admin's password.
   * Their example.org addresses receive no mail, so no person can have made them their own: each that still has
   * a staff role loses it, its password and its sessions.
   */
  private async retireDemoStaff(manager: EntityManager): Promise<void> {
    const emails = DEMO_STAFF.map((staff) => staff.email);
    const demo: { id: number }[] = await manager.query(`SELECT id FROM users WHERE email = ANY($1) AND role <> $2 ORDER BY id`, [emails, ROLE.Member]);
    if (!demo.length) return;
    const ids = demo.map(({ id }) => id);
    const unusable = await hashPassword(randomBytes(32).toString('hex'));
    await manager.query(`UPDATE users SET role = $3, password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = ANY($1)`, [ids, unusable, ROLE.Member]);
    const recordIds = ids.map(String);
    await this.audit.record(null, null, { action: 'role.change', recordKind: 'User', recordIds, detail: 'demo staff accounts retired in production: staff role and password removed' }, manager);
    this.logger.warn(`retired the demo staff accounts ${recordIds.join(', ')}: no staff role, no password`);
  }
}
