import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PERMISSION } from '@ministry/shared';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { ClientIp } from '../common/decorators.js';
import { CurrentUser, Public, Can } from '../access/decorators.js';
import { RateLimit } from '../common/rate-limit.js';
import {
  AuthService,
  ChangePasswordArgs,
  LoginArgs,
  RegisterArgs,
  REGISTRATIONS_PER_ADDRESS,
  RESET_REQUESTS_PER_ADDRESS,
  ResetPasswordArgs,
  SendResetTokenArgs,
  UsersService,
} from '../auth/index.js';
import { toLegacySession, toLegacyUser } from './shapes.js';


@Controller('api')
export class LegacyAuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @RateLimit('register', REGISTRATIONS_PER_ADDRESS.limit, REGISTRATIONS_PER_ADDRESS.windowSeconds)
  @Post('register')
  async register(@Body() input: RegisterArgs) {
    return toLegacyUser(await this.auth.register(input));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() input: LoginArgs, @ClientIp() ip: string) {
    return toLegacySession(await this.auth.login(input, ip));
  }

  /** The legacy admin client reads `detail` on failure. */
  @Public()
  @Post('admin-login')
  @HttpCode(200)
  async adminLogin(@Body() input: LoginArgs, @ClientIp() ip: string, @Res({ passthrough: true }) response: Response) {
    try {
      const signedIn = await this.auth.adminLogin(input, ip);
      return { ...toLegacySession(signedIn), failedAttemptsSinceLastSignIn: signedIn.failedAttemptsSinceLastSignIn };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      response.status(error.status);
      return { detail: error.message, errors: [{ msg: error.message, path: error.field ?? '' }] };
    }
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() caller: AuthUser) {
    await this.auth.logout(caller);
    return { message: 'You have been logged out' };
  }

  @Get('me')
  async me(@CurrentUser() caller: AuthUser) {
    return toLegacyUser(await this.users.get(caller.id));
  }

  @Public()
  @RateLimit('reset-request', RESET_REQUESTS_PER_ADDRESS.limit, RESET_REQUESTS_PER_ADDRESS.windowSeconds)
  @Post('send-reset-token')
  @HttpCode(200)
  async sendResetToken(@Body() { email }: SendResetTokenArgs) {
    await this.auth.sendResetToken(email);
    return { message: 'If an account exists for this e-mail address, a reset link is on its way. Please check your e-mail.' };
  }

  @Public()
  @RateLimit('reset-password', RESET_REQUESTS_PER_ADDRESS.limit, RESET_REQUESTS_PER_ADDRESS.windowSeconds)
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() input: ResetPasswordArgs) {
    await this.auth.resetPassword(input);
    return { message: 'Your password has been changed. You can now log in.' };
  }

  @Post('change-password')
  @HttpCode(200)
  async changePassword(@CurrentUser() caller: AuthUser, @Body() input: ChangePasswordArgs) {
    return { token: await this.auth.changePassword(caller, input) };
  }

  @Can(PERMISSION.membersManage)
  @Get('get-user-by-email/:email')
  async getUserByEmail(@Param('email') email: string) {
    return { user: (await this.users.findByEmail(email)).map(toLegacyUser) };
  }
}
