import { Module } from '@nestjs/common';
import { SqlCounter } from './sql-counter.js';

/** The one SqlCounter of the app: TypeORM's logger and the request scopes that read its counts. */
@Module({ providers: [SqlCounter], exports: [SqlCounter] })
export class SqlCounterModule {}
