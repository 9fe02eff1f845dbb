import { Controller, Get, Header, Param } from '@nestjs/common';
import { Public } from '../access/decorators.js';
import { GeoService } from './geo.service.js';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

@Public()
@Controller('api/geo')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Get('countries')
  @Header('Cache-Control', CACHE)
  countries() {
    return this.geo.countries();
  }

  @Get('countries/:country/states')
  @Header('Cache-Control', CACHE)
  states(@Param('country') country: string) {
    return this.geo.states(country);
  }

  @Get('countries/:country/states/:state/cities')
  @Header('Cache-Control', CACHE)
  cities(@Param('country') country: string, @Param('state') state: string) {
    return this.geo.cities(country, state);
  }
}
