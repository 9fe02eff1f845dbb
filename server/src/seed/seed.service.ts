import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { User } from '../auth/entities/user.entity.js';
import { hashPassword } from '../auth/password.js';
import type { Role } from '../access/permissions.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ContentDemoSeed } from '../content/demo/demo-seed.js';
import { DEMO_SITE_SETTINGS } from '../site/demo-settings.js';
import { SiteSettings } from '../site/site-settings.entity.js';

/** Any number unique to this lock; held while one instance seeds, so two starting together seed once. */
const SEED_LOCK = 724_311;

/** One demo account per staff role (SEED_DEMO only), signing in with the admin's password. */
export const DEMO_STAFF: { role: Exclude<Role, 'Member' | 'Admin'>; email: string; firstname: string; lastname: string }[] = [
  { role: 'Pastor', email: 'pastor@example.org', firstname: 'Grace', lastname: 'Adeyemi' },
  { role: 'PrayerTeam', email: 'prayer@example.org', firstname: 'Samuel', lastname: 'Okafor' },
  { role: 'Editor', email: 'editor@example.org', firstname: 'Ruth', lastname: 'Mensah' },
  { role: 'Finance', email: 'finance@example.org', firstname: 'David', lastname: 'Clarke' },
];

/**
 * Fills an empty database once: the admin account (from ADMIN_EMAIL / ADMIN_PASSWORD) and, unless
 * SEED_DEMO=false, the demo site settings, the demo content of each feature and a demo account per staff role.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly contentDemo: ContentDemoSeed,
  ) {}

  async onApplicationBootstrap() {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
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
      if (this.config.seedDemo) {
        await manager.update(SiteSettings, { id: 1 }, DEMO_SITE_SETTINGS);
        await this.contentDemo.seed(manager, admin);
        const { gender, marital_status, phone, passwordHash, country, state, city } = admin;
        await manager.save(DEMO_STAFF.map((staff) => manager.create(User, { ...staff, title: 'Brother', gender, marital_status, phone, passwordHash, country, state, city })));
        this.logger.log(`created the demo staff accounts ${DEMO_STAFF.map((staff) => staff.email).join(', ')}`);
      }
    });
  }
}
