import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../common/app-error.js';
import { Public } from '../access/decorators.js';
import { GeoService } from './geo.service.js';

/** A month: the data changes only with a release of `country-state-city`, and the ETag revalidates it after. */
export const CITIES_FILE_CACHE = 'public, max-age=2592000, stale-while-revalidate=2592000';

/** `GET /cities/<country>.json`: every city of a country, by state, as a file the browser caches. */
@Public()
@Controller('cities')
export class CitiesFileController {
  constructor(private readonly geo: GeoService) {}

  @Get(':file')
  file(@Param('file') name: string, @Res() res: Response) {
    const country = /^([A-Za-z]{2})\.json$/.exec(name)?.[1];
    if (!country) throw AppError.notFound('The country');
    const { body, etag } = this.geo.citiesFile(country);
    res.setHeader('Cache-Control', CITIES_FILE_CACHE);
    res.setHeader('ETag', etag);
    res.type('json').send(body);
  }
}
