import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { ClientIp } from '../common/decorators.js';
import { CurrentUser, Public, Can } from '../access/decorators.js';
import { ListMetadata, toId } from '../common/list.js';
import { RateLimit } from '../common/rate-limit.js';
import { AuthService } from './auth.service.js';
import { AuthPayload, ChangePasswordArgs, LoginArgs, RegisterArgs, ResetPasswordArgs, SendResetTokenArgs } from './dto/auth.args.js';
import { ROLE_PERMISSIONS, type Permission } from '../access/permissions.js';
import { AllUsersArgs, UpdateUserArgs } from './dto/user.args.js';
import { SignIn } from './entities/sign-in.entity.js';
import { User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';

export const REGISTRATIONS_PER_ADDRESS = { limit: 30, windowSeconds: 10 * 60 };
export const RESET_REQUESTS_PER_ADDRESS = { limit: 20, windowSeconds: 60 * 60 };

@Resolver(() => User)
export class AuthResolver {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @RateLimit('register', REGISTRATIONS_PER_ADDRESS.limit, REGISTRATIONS_PER_ADDRESS.windowSeconds)
  @Mutation(() => User, { description: 'Creates a member account.' })
  register(@Args() input: RegisterArgs): Promise<User> {
    return this.auth.register(input);
  }

  @Public()
  @Mutation(() => AuthPayload)
  login(@Args() input: LoginArgs, @ClientIp() ip: string) {
    return this.auth.login(input, ip);
  }

  @Public()
  @Mutation(() => AuthPayload, { description: 'Only staff who may sign in to the console (console:sign-in) get a token.' })
  adminLogin(@Args() input: LoginArgs, @ClientIp() ip: string) {
    return this.auth.adminLogin(input, ip);
  }

  @Mutation(() => Boolean, { description: 'Ends every token issued to the caller.' })
  async logout(@CurrentUser() caller: AuthUser): Promise<boolean> {
    await this.auth.logout(caller);
    return true;
  }

  @Public()
  @RateLimit('reset-request', RESET_REQUESTS_PER_ADDRESS.limit, RESET_REQUESTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Boolean, { description: 'Answers true whether or not the e-mail has an account.' })
  async sendResetToken(@Args() { email }: SendResetTokenArgs): Promise<boolean> {
    await this.auth.sendResetToken(email);
    return true;
  }

  @Public()
  @RateLimit('reset-password', RESET_REQUESTS_PER_ADDRESS.limit, RESET_REQUESTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Boolean)
  async resetPassword(@Args() input: ResetPasswordArgs): Promise<boolean> {
    await this.auth.resetPassword(input);
    return true;
  }

  @Mutation(() => String, { description: 'Answers a new token; other sessions end.' })
  changePassword(@CurrentUser() caller: AuthUser, @Args() input: ChangePasswordArgs): Promise<string> {
    return this.auth.changePassword(caller, input);
  }

  @Query(() => User)
  me(@CurrentUser() caller: AuthUser): Promise<User> {
    return this.users.get(caller.id);
  }

  @Query(() => [SignIn], { description: "The caller's sign-ins, newest first (kept 90 days)." })
  mySignIns(@CurrentUser() caller: AuthUser): Promise<SignIn[]> {
    return this.users.signIns(caller.id);
  }

  @Can(PERMISSION.membersManage)
  @Query(() => User)
  User(@Args('id', { type: () => ID }) id: string): Promise<User> {
    return this.users.get(toId(id));
  }

  @Can(PERMISSION.membersManage)
  @Query(() => [User])
  allUsers(@Args() args: AllUsersArgs): Promise<User[]> {
    return this.users.list(args, args.filter);
  }

  @Can(PERMISSION.membersManage)
  @Query(() => ListMetadata)
  async _allUsersMeta(@Args() args: AllUsersArgs): Promise<ListMetadata> {
    return { count: await this.users.count(args.filter) };
  }

  @Can(PERMISSION.membersManage, PERMISSION.rolesAssign)
  @Mutation(() => User, { description: 'Gives an account a role; the last Admin cannot be demoted.' })
  async updateUser(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() { id, role }: UpdateUserArgs): Promise<User> {
    return role ? this.users.setRole(toId(id), role, { actor: caller, address: ip }) : this.users.get(toId(id));
  }

  @ResolveField(() => [String], { description: "What the account's role allows (the console builds its menu from these)." })
  permissions(@Parent() user: User): readonly Permission[] {
    return ROLE_PERMISSIONS[user.role];
  }
}
