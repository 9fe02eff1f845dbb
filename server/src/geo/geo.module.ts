import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller.js';
import { GeoResolver } from './geo.resolver.js';
import { GeoService } from './geo.service.js';

@Module({ controllers: [GeoController], providers: [GeoService, GeoResolver] })
export class GeoModule {}
