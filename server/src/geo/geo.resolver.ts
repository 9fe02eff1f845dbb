import { Args, Extensions, Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../access/decorators.js';
import { GeoService } from './geo.service.js';

@ObjectType()
class Country {
  @Field() code: string;
  @Field() name: string;
}

@ObjectType()
class State {
  @Field() code: string;
  @Field() name: string;
}

@ObjectType()
class City {
  @Field() name: string;
}

@Public()
@Resolver()
export class GeoResolver {
  constructor(private readonly geo: GeoService) {}

  @Query(() => [Country])
  @Extensions({ listSize: 250 })
  countries() {
    return this.geo.countries();
  }

  @Query(() => [State])
  @Extensions({ listSize: 250 })
  states(@Args('country') country: string) {
    return this.geo.states(country);
  }

  /** The largest state holds about 3,000 cities; the query cost counts that many. Forms use `/cities/<country>.json`. */
  @Query(() => [City])
  @Extensions({ listSize: 3000 })
  cities(@Args('country') country: string, @Args('state') state: string) {
    return this.geo.cities(country, state);
  }
}
