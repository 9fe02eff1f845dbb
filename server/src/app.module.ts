import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { JwtService } from '@nestjs/jwt';
import type { Request, Response } from 'express';
import { AuditModule } from './audit/index.js';
import { AuthModule, AuthService, introspectionGate, tokenChecks } from './auth/index.js';
import { BookingsModule } from './bookings/index.js';
import { CommerceModule, type PayPalClientOptions } from './commerce/index.js';
import { CommonModule } from './common/common.module.js';
import { ContentModule } from './content/index.js';
import { MediaModule } from './media/index.js';
import { PrivacyModule } from './privacy/index.js';
import { AppExceptionFilter } from './common/error-filter.js';
import { queryLimits } from './common/graphql-limits.js';
import { LoaderFactory } from './common/loaders.js';
import { PublicReadCache } from './http-cache/public-read-cache.js';
import { queryCost } from './common/query-cost.js';
import { validationPipe } from './common/validation.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthController } from './database/health.controller.js';
import { SeedService } from './seed/seed.service.js';
import { GeoModule } from './geo/index.js';
import { graphqlCacheHeaders } from './http-cache/cache-headers.js';
import { Callers, TOKEN_CHECKS, type TokenChecks } from './http-cache/callers.js';
import { HttpCacheModule } from './http-cache/http-cache.module.js';
import { LegacyModule } from './legacy/legacy.module.js';
import { MailModule } from './mail/index.js';
import { MailingModule } from './mailing/index.js';
import { RequestsModule } from './requests/index.js';
import { SiteModule } from './site/index.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, paypal: PayPalClientOptions): DynamicModule {
    // Mailing is above the features whose forms offer its lists: they are given its module, not its name.
    const auth = AuthModule.forRoot(MailingModule);
    const commerce = CommerceModule.forRoot(paypal, MailingModule);
    return {
      module: AppModule,
      global: true,
      imports: [
        DatabaseModule.forRoot(databaseUrl),
        CommonModule,
        HttpCacheModule,
        MailModule,
        AuditModule,
        auth,
        GeoModule,
        MediaModule,
        ContentModule,
        RequestsModule,
        PrivacyModule,
        SiteModule,
        commerce,
        LegacyModule.forRoot(auth, commerce),
        BookingsModule.forRoot(commerce, MailingModule),
        MailingModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [auth],
          inject: [LoaderFactory, AuthService, PublicReadCache, Callers],
          useFactory: (loaders: LoaderFactory, auth: AuthService, publicCache: PublicReadCache, callers: Callers) => ({
            path: '/graphql',
            autoSchemaFile: true,
            sortSchema: true,
            playground: false,
            graphiql: config.nodeEnv !== 'production',
            introspection: true,
            // "Did you mean …?" would describe the schema to visitors that introspection is closed to.
            hideSchemaDetailsFromClientErrors: config.nodeEnv === 'production',
            allowBatchedHttpRequests: false,
            csrfPrevention: true,
            // Keep the status an error asks for in `extensions.http` (503 + Retry-After while the database is
            // away), so load balancers and clients see it; Nest would otherwise reset it to 200.
            preserveHttpStatusForExecutionErrors: false,
            validationRules: [queryLimits()],
            plugins: [
              // Cache hints are not used (the caches decide by caller, not by field), and the plugin would wrap
              // every field's resolver to read them.
              ApolloServerPluginCacheControlDisabled(),
              queryCost((req) => callers.of(req)),
              publicCache.plugin(config.graphqlRateLimit),
              graphqlCacheHeaders(callers, config.publicCacheSeconds),
              ...(config.nodeEnv === 'production' ? [introspectionGate(auth)] : []),
            ],
            context: ({ req, res }: { req: Request; res: Response }) => ({ req, res, loaders: loaders.create() }),
            formatError: (formatted) => {
              const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
              return { ...formatted, extensions };
            },
          }),
        }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_PIPE, useValue: validationPipe },
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        SeedService,
        {
          // Tokens read and checked by the feature that signs them; the sign-in guard asks `Callers` too.
          provide: TOKEN_CHECKS,
          inject: [JwtService, AuthService],
          useFactory: (jwt: JwtService, auth: AuthService): TokenChecks => tokenChecks(jwt, auth),
        },
      ],
      exports: [APP_CONFIG, TOKEN_CHECKS],
    };
  }
}
