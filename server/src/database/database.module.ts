import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from './database-url.js';
import { JobQueue } from './job-queue.js';
import { SqlCounter } from './sql-counter.js';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG, SqlCounter],
          extraProviders: [SqlCounter],
          useFactory: (config: AppConfig, counter: SqlCounter) => ({
            type: 'postgres',
            url,
            autoLoadEntities: true,
            // The schema is the owner's: migrations ran before this connection opened (prepareDatabase).
            synchronize: false,
            // The tables are named unqualified, and by default a schema named after the app's role comes first in its
            // search path: one the role made (it may create schemas) would take the audit trail's records.
            extra: { max: config.databasePoolSize, connectionTimeoutMillis: config.databaseConnectTimeoutMs, options: '-c search_path=public' },
            // An idle connection cut by a database restart: the pool drops it and opens a fresh one when asked.
            poolErrorHandler: (error: Error) => new Logger('Database').warn(`idle connection lost: ${error.message}`),
            logger: counter,
            logging: ['query', 'error', 'warn'],
          }),
        }),
      ],
      providers: [{ provide: DATABASE_URL, useValue: url }, JobQueue, SqlCounter],
      exports: [DATABASE_URL, JobQueue, SqlCounter],
    };
  }
}
