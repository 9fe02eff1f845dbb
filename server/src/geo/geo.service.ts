import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
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
  private readonly files = new Map<string, { body: string; etag: string }>();

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

  /**
   * Every city of a country as one JSON file, `{ "<state code>": ["<city>", ...] }`, built once per country
   * and kept: the web forms fetch it once and the browser caches it, so picking cities costs the server
   * nothing after the first visit.
   */
  citiesFile(countryCode: string): { body: string; etag: string } {
    const code = countryCode.toUpperCase();
    let file = this.files.get(code);
    if (!file) {
      if (!this.csc.Country.getCountryByCode(code)) throw AppError.notFound('The country');
      const byState: Record<string, string[]> = {};
      for (const city of this.csc.City.getCitiesOfCountry(code) ?? []) (byState[city.stateCode] ??= []).push(city.name);
      const body = JSON.stringify(byState);
      file = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.files.set(code, file);
    }
    return file;
  }
}
