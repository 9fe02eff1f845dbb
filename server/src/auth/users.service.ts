import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../common/app-error.js';
import { applyListFilter, applyListPage, ListArgs, ListOptions } from '../common/list.js';
import type { AuthUser } from '../access/auth-user.js';
import { keepAnotherAdmin } from './last-admin.js';
import { ROLE, type Role } from '../access/permissions.js';
import { AuditService } from '../audit/index.js';
import { SignIn } from './entities/sign-in.entity.js';
import type { UserFilter } from './dto/user.args.js';
import { User } from './entities/user.entity.js';

const LIST: ListOptions = {
  sortable: {
    id: 'user.id',
    firstname: 'user.firstname',
    lastname: 'user.lastname',
    email: 'user.email',
    country: 'user.country',
    role: 'user.role',
    emailVerified: 'user.emailVerified',
    createdAt: 'user.createdAt',
  },
  defaultSort: { field: 'id', order: 'DESC' },
  searchable: ['user.firstname', 'user.lastname', 'user.email', 'user.phone', 'user.country', 'user.city'],
};

/** Members and staff as the admin console sees them. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly audit: AuditService,
  ) {}

  private filtered(filter?: UserFilter | null) {
    const query = this.users.createQueryBuilder('user');
    if (filter?.role) query.andWhere('user.role = :role', { role: filter.role });
    if (typeof filter?.emailVerified === 'boolean') query.andWhere('user.emailVerified = :verified', { verified: filter.emailVerified });
    if (filter?.email) query.andWhere('user.email = :email', { email: filter.email.trim().toLowerCase() });
    return applyListFilter(query, filter, LIST);
  }

  list(args: ListArgs, filter?: UserFilter | null): Promise<User[]> {
    return applyListPage(this.filtered(filter), args, LIST).getMany();
  }

  count(filter?: UserFilter | null): Promise<number> {
    return this.filtered(filter).getCount();
  }

  async get(id: number): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw AppError.notFound('The member');
    return user;
  }

  findByEmail(email: string): Promise<User[]> {
    return this.users.findBy({ email: email.trim().toLowerCase() });
  }

  /** Gives an account a role; never the last Admin's away (`keepAnotherAdmin`, which also orders concurrent changes). */
  async setRole(id: number, role: Role, by: { actor: AuthUser; address: string }): Promise<User> {
    return this.users.manager.transaction(async (manager) => {
      if (role !== ROLE.Admin) await keepAnotherAdmin(manager, id, () => AppError.badInput('role', 'There must be at least one Admin'));
      const user = await manager.findOneBy(User, { id });
      if (!user) throw AppError.notFound('The member');
      const [{ erased }] = await manager.query<{ erased: boolean }[]>(`SELECT erased_at IS NOT NULL AS erased FROM users WHERE id = $1`, [id]);
      if (erased) throw AppError.badInput('role', 'This account has been deleted: it cannot be given a role');
      if (user.role === role) return user;
      const detail = `${user.role} → ${role}`;
      user.role = role;
      const saved = await manager.save(user);
      await this.audit.record(by.actor, by.address, { action: 'role.change', recordKind: 'User', recordIds: [String(id)], detail }, manager);
      return saved;
    });
  }

  /** The account's sign-ins, newest first. */
  signIns(userId: number): Promise<SignIn[]> {
    return this.users.manager.find(SignIn, { where: { userId }, order: { at: 'DESC', id: 'DESC' } });
  }

  /** For DataLoaders: the users of these ids, in no particular order. */
  byIds(ids: readonly number[]): Promise<User[]> {
    return this.users.createQueryBuilder('user').where('user.id IN (:...ids)', { ids: [...ids] }).getMany();
  }
}
