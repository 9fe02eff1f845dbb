import { Injectable } from '@nestjs/common';
import { createRequire } from 'node:module';
import { AppError } from '../common/app-error.js';

export interface GeoCountry {
  code: string;
  name: string;
}
export interface GeoState {
  code: string;
  name: string;
}
export interface GeoCity {
  name: string;
}

type Csc = typeof import('country-state-city');
const require = createRequire(import.meta.url);

/**
 * Countries, states and cities from the maintained `country-state-city` data, loaded on first use (the city
 * table is large) and answered as small per-country and per-state lists.
 */
@Injectable()
export class GeoService {
  private data?: Csc;

  private get csc(): Csc {
    this.data ??= require('country-state-city') as Csc;
    return this.data;
  }

  countries(): GeoCountry[] {
    return this.csc.Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }));
  }

  states(countryCode: string): GeoState[] {
    const country = this.csc.Country.getCountryByCode(countryCode.toUpperCase());
    if (!country) throw AppError.notFound('The country');
    return this.csc.State.getStatesOfCountry(country.isoCode).map((s) => ({ code: s.isoCode, name: s.name }));
  }

  cities(countryCode: string, stateCode: string): GeoCity[] {
    const states = this.states(countryCode);
    if (!states.some((s) => s.code === stateCode)) throw AppError.notFound('The state');
    return this.csc.City.getCitiesOfState(countryCode.toUpperCase(), stateCode).map((c) => ({ name: c.name }));
  }
}
