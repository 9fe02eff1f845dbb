import { Module } from '@nestjs/common';
import { CitiesFileController } from './cities-file.controller.js';
import { GeoController } from './geo.controller.js';
import { GeoResolver } from './geo.resolver.js';
import { GeoService } from './geo.service.js';

@Module({ controllers: [GeoController, CitiesFileController], providers: [GeoService, GeoResolver] })
export class GeoModule {}
