import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from './database-url.js';
import { JobQueue } from './job-queue.js';
import { SqlCounter } from './sql-counter.js';
import { SqlCounterModule } from './sql-counter.module.js';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        SqlCounterModule,
        TypeOrmModule.forRootAsync({
          imports: [SqlCounterModule],
          inject: [APP_CONFIG, SqlCounter],
          useFactory: (config: AppConfig, counter: SqlCounter) => ({
            type: 'postgres',
            url,
            autoLoadEntities: true,
            // The schema is the owner's: migrations ran before this connection opened (prepareDatabase).
            synchronize: false,
            // The app's role may create schemas, and one that comes first in a search path takes the writes meant for a
            // table of the same name, the audit trail's among them. Entities name their schema (`schema`), which a
            // search path set by SQL run through the app cannot change; raw SQL has public alone, as each connection
            // starts, where by default a schema named after the role would come first.
            schema: 'public',
            extra: { max: config.databasePoolSize, connectionTimeoutMillis: config.databaseConnectTimeoutMs, options: '-c search_path=public' },
            // An idle connection cut by a database restart: the pool drops it and opens a fresh one when asked.
            poolErrorHandler: (error: Error) => new Logger('Database').warn(`idle connection lost: ${error.message}`),
            logger: counter,
            logging: ['query', 'error', 'warn'],
          }),
        }),
      ],
      providers: [{ provide: DATABASE_URL, useValue: url }, JobQueue],
      exports: [DATABASE_URL, JobQueue, SqlCounterModule],
    };
  }
}
