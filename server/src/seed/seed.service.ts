import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { User } from '../auth/entities/user.entity.js';
import { hashPassword } from '../auth/password.js';
import type { Role } from '../access/permissions.js';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ContentDemoSeed } from '../content/demo/demo-seed.js';
import { DEMO_SITE_SETTINGS } from '../site/demo-settings.js';
import { SiteSettings } from '../site/site-settings.entity.js';

/** Any number unique to this lock; held while one instance seeds, so two starting together seed once. */
const SEED_LOCK = 724_311;

/** One demo account per staff role (SEED_DEMO, never in production), so a first run can try each role. */
export const DEMO_STAFF: { role: Exclude<Role, 'Member' | 'Admin'>; email: string; firstname: string; lastname: string }[] = [
  { role: 'Pastor', email: 'pastor@example.org', firstname: 'Grace', lastname: 'Adeyemi' },
  { role: 'PrayerTeam', email: 'prayer@example.org', firstname: 'Samuel', lastname: 'Okafor' },
  { role: 'Editor', email: 'editor@example.org', firstname: 'Ruth', lastname: 'Mensah' },
  { role: 'Finance', email: 'finance@example.org', firstname: 'David', lastname: 'Clarke' },
];

/**
 * The demo staff accounts' password, published in the README. Their own, never the admin's: setting
 * ADMIN_PASSWORD must not hand it to four more accounts.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff-password';

/**
 * Fills an empty database once: the admin account (from ADMIN_EMAIL / ADMIN_PASSWORD) and, with SEED_DEMO (the
 * default outside production), the demo site settings, the demo content of each feature and, outside production
 * only, a demo account per staff role.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly contentDemo: ContentDemoSeed,
    private readonly audit: AuditService,
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
        role: 'Admin',
      });
      await manager.save(admin);
      this.logger.log(`created the admin account ${this.config.adminEmail}`);
      if (this.config.adminPasswordIsDefault) {
        this.logger.warn('the admin password is the documented default: set ADMIN_PASSWORD before going live');
      }
      if (!this.config.seedDemo) return;
      await manager.update(SiteSettings, { id: 1 }, DEMO_SITE_SETTINGS);
      await this.contentDemo.seed(manager, admin);
      if (production) {
        this.logger.log('no demo staff accounts in production: give roles to real accounts from the console');
        return;
      }
      const { gender, marital_status, phone, country, state, city } = admin;
      const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
      await manager.save(DEMO_STAFF.map((staff) => manager.create(User, { ...staff, title: 'Brother', gender, marital_status, phone, passwordHash, country, state, city })));
      this.logger.log(`created the demo staff accounts ${DEMO_STAFF.map((staff) => staff.email).join(', ')} (their password is in the README)`);
    });
  }

  /**
   * Earlier versions seeded the demo staff accounts in production too, signing in with the admin's password.
   * Their example.org addresses receive no mail, so no person can have made them their own: each that still has
   * a staff role loses it, its password and its sessions.
   */
  private async retireDemoStaff(manager: EntityManager): Promise<void> {
    const emails = DEMO_STAFF.map((staff) => staff.email);
    const demo: { id: number }[] = await manager.query(`SELECT id FROM users WHERE email = ANY($1) AND role <> 'Member' ORDER BY id`, [emails]);
    if (!demo.length) return;
    const ids = demo.map(({ id }) => id);
    const unusable = await hashPassword(randomBytes(32).toString('hex'));
    await manager.query(`UPDATE users SET role = 'Member', password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = ANY($1)`, [ids, unusable]);
    const recordIds = ids.map(String);
    await this.audit.record(null, null, { action: 'role.change', recordKind: 'User', recordIds, detail: 'demo staff accounts retired in production: staff role and password removed' }, manager);
    this.logger.warn(`retired the demo staff accounts ${recordIds.join(', ')}: no staff role, no password`);
  }
}
