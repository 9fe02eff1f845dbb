import { useEffect, useState } from 'react';
import { Combobox, type ComboOption } from '../../components/combobox';

type Place = { code?: string; name: string };

const DEFAULT_COUNTRY = 'GB';

async function fetchPlaces(path: string): Promise<ComboOption[]> {
  try {
    const response = await fetch(path);
    if (!response.ok) return [];
    const places = (await response.json()) as Place[];
    return places.map((place) => ({ value: place.code ?? place.name, label: place.name }));
  } catch {
    return [];
  }
}

/**
 * The cities of one state, read from the country's file (`/cities/<country>.json`, every state's cities in one
 * response the browser caches for a month), so changing state costs no request at all.
 */
async function fetchCities(country: string, state: string): Promise<ComboOption[]> {
  try {
    const response = await fetch(`/cities/${encodeURIComponent(country)}.json`);
    if (!response.ok) return [];
    const byState = (await response.json()) as Record<string, string[] | undefined>;
    return (byState[state] ?? []).map((name) => ({ value: name, label: name }));
  } catch {
    return [];
  }
}

/** A list that follows its parent's choice: cleared when the parent changes, loaded when it is set. */
function usePlaces(key: string | null, load: () => Promise<ComboOption[]>) {
  const [options, setOptions] = useState<ComboOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setOptions([]);
    if (!key) return;
    let cancelled = false;
    setLoading(true);
    void load().then((places) => {
      if (cancelled) return;
      setOptions(places);
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
    // `load` follows `key`: a new function each render must not reload the list.
  }, [key]);
  return { options, loading };
}

/**
 * Country, state and city (spec §5): searchable lists from the server's geo endpoints and per-country city
 * files, where the states follow the country and the cities follow the state. Where a country has no states (or a state no cities), the
 * field takes free text.
 */
export function GeoFields({ errors }: { errors: Record<string, string | undefined> }) {
  const [country, setCountry] = useState<ComboOption | null>(null);
  const [state, setState] = useState<ComboOption | null>(null);
  const [city, setCity] = useState<ComboOption | null>(null);

  const countries = usePlaces('/api/geo/countries', () => fetchPlaces('/api/geo/countries'));
  const statesPath = country ? `/api/geo/countries/${encodeURIComponent(country.value)}/states` : null;
  const states = usePlaces(statesPath, () => fetchPlaces(statesPath!));
  const citiesOf = country && state && states.options.length ? { country: country.value, state: state.value } : null;
  const cities = usePlaces(citiesOf && `${citiesOf.country}/${citiesOf.state}`, () => fetchCities(citiesOf!.country, citiesOf!.state));

  // Most members live in the United Kingdom: start there.
  useEffect(() => {
    if (!country) setCountry(countries.options.find((option) => option.value === DEFAULT_COUNTRY) ?? null);
  }, [countries.options, country]);

  return (
    <fieldset className="fieldset">
      <legend>Where you live</legend>
      <Combobox
        name="country"
        label="Country"
        options={countries.options}
        loading={countries.loading}
        value={country}
        onChange={(option) => {
          setCountry(option);
          setState(null);
          setCity(null);
        }}
        error={errors.country}
      />
      <Combobox
        name="state"
        label="State, county or region"
        options={states.options}
        loading={states.loading}
        disabled={!country}
        value={state}
        onChange={(option) => {
          setState(option);
          setCity(null);
        }}
        error={errors.state}
      />
      <Combobox name="city" label="City or town" options={cities.options} loading={cities.loading} disabled={!state} value={city} onChange={setCity} error={errors.city} />
    </fieldset>
  );
}
