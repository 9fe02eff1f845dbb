import { Global, Module } from '@nestjs/common';
import { LoaderFactory } from './loaders.js';

@Global()
@Module({ providers: [LoaderFactory], exports: [LoaderFactory] })
export class CommonModule {}
