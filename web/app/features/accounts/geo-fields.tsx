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

/** A list that follows its parent's choice: cleared when the parent changes, loaded when it is set. */
function usePlaces(path: string | null) {
  const [options, setOptions] = useState<ComboOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setOptions([]);
    if (!path) return;
    let cancelled = false;
    setLoading(true);
    void fetchPlaces(path).then((places) => {
      if (cancelled) return;
      setOptions(places);
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, [path]);
  return { options, loading };
}

/**
 * Country, state and city (spec §5): searchable lists from the server's geo endpoints, where the states follow
 * the country and the cities follow the state. Where a country has no states (or a state no cities), the
 * field takes free text.
 */
export function GeoFields({ errors }: { errors: Record<string, string | undefined> }) {
  const [country, setCountry] = useState<ComboOption | null>(null);
  const [state, setState] = useState<ComboOption | null>(null);
  const [city, setCity] = useState<ComboOption | null>(null);

  const countries = usePlaces('/api/geo/countries');
  const states = usePlaces(country ? `/api/geo/countries/${encodeURIComponent(country.value)}/states` : null);
  const cities = usePlaces(country && state && states.options.length ? `/api/geo/countries/${encodeURIComponent(country.value)}/states/${encodeURIComponent(state.value)}/cities` : null);

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
