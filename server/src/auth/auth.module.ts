import { type DynamicModule, Module } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import type { MailingChoicesModule } from '../common/mailing-choices.js';
import { RateLimitGuard } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailModule } from '../mail/index.js';
import { AuditActorResolver } from './audit-actor.resolver.js';
import { JwtAuthGuard } from './auth.guard.js';
import { AccountPersonalData } from './account.personal-data.js';
import { AuthResolver } from './auth.resolver.js';
import { AuthService, JWT_ISSUER } from './auth.service.js';
import { EmailVerificationResolver } from './email-verification.resolver.js';
import { EmailVerificationService } from './email-verification.service.js';
import { EmailVerificationToken } from './entities/email-verification-token.entity.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { SignIn } from './entities/sign-in.entity.js';
import { User } from './entities/user.entity.js';
import { UserLoader } from './user.loader.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, PasswordResetToken, EmailVerificationToken, SignIn]),
    MailModule,
    AuditModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A key object, not the text: given text, jsonwebtoken first tries it as a PEM key and builds an error each time.
        secret: createSecretKey(Buffer.from(config.jwtSecret)),
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as never, issuer: JWT_ISSUER },
        verifyOptions: { algorithms: ['HS256'], issuer: JWT_ISSUER },
      }),
    }),
  ],
  providers: [
    AuthService,
    UsersService,
    UserLoader,
    AuthResolver,
    AuditActorResolver,
    EmailVerificationService,
    EmailVerificationResolver,
    AccountPersonalData,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [AuthService, UsersService, JwtModule],
})
export class AuthModule {
  /** `mailingChoices` provides `MAILING_CHOICES` for registration's boxes: mailing is above auth, so the root passes it in. */
  static forRoot(mailingChoices: MailingChoicesModule): DynamicModule {
    return { module: AuthModule, imports: [mailingChoices] };
  }
}
