import { findFromCityStateProvince, lookupViaCity } from 'city-timezones';
import { countries } from 'countries-list';
import { type Currency, currencyByCode } from './money';

/**
 * Where a place is, from how people write it: "Leeds", "Bristol, UK",
 * "Edinburgh, Scotland", "Lyon, France", "Portland, Oregon, USA". Country
 * names come from countries-list (with its aliases and ISO codes), cities
 * from city-timezones; a city shared by several countries is read in the
 * country the other parts name, else as the most populous one.
 */

const nations: Record<string, string> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  america: 'US',
  'united states': 'US',
  uae: 'AE',
};

const byName = new Map<string, string>();
for (const [code, country] of Object.entries(countries)) {
  const c = country as { name: string; native: string; alias?: string[] };
  for (const name of [c.name, c.native, code, ...(c.alias ?? [])]) {
    byName.set(name.toLowerCase(), code);
  }
}

function countryNamed(part: string): string | undefined {
  const key = part.trim().toLowerCase().replace(/\.$/, '');
  return nations[key] ?? byName.get(key);
}

/** The cities of a state or province of that exact name. */
function provinceNamed(part: string) {
  const key = part.trim().toLowerCase();
  return findFromCityStateProvince(part).filter((city) => city.province.toLowerCase() === key);
}

/** The ISO code of the country a place is in, when it can be told. */
export function countryOf(location: string): string | undefined {
  const parts = location
    .split(/[,;/]|\s+-\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const named = parts.map(countryNamed).find((code) => code !== undefined);
  if (named) return named;
  for (const part of parts) {
    // A city first; then a state or province ("Iowa", "Bavaria").
    const cities = lookupViaCity(part).length > 0 ? lookupViaCity(part) : provinceNamed(part);
    if (cities.length === 0) continue;
    const others = parts.filter((p) => p !== part).map((p) => p.toLowerCase());
    const inNamedRegion = cities.filter((city) =>
      others.some((o) => city.province.toLowerCase() === o || city.country.toLowerCase() === o),
    );
    const pool = inNamedRegion.length > 0 ? inNamedRegion : cities;
    const biggest = [...pool].sort((a, b) => b.pop - a.pop)[0]!;
    return biggest.iso2;
  }
  return undefined;
}

/** The currency people are paid in where a place is, when it can be told and is known here. */
export function currencyOfPlace(location: string): Currency | undefined {
  const code = countryOf(location);
  if (!code) return undefined;
  const country = countries[code as keyof typeof countries] as { currency?: string[] } | undefined;
  const currency = country?.currency?.[0];
  return currency ? currencyByCode(currency) : undefined;
}
