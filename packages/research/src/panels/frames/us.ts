import type { PopulationFrame } from '../frame';
import { ageBySex, educationTrait, householdTrait, incomeTrait, regionTrait } from './common';

/**
 * Adults (18 and over) of the United States. Figures are approximate and
 * rounded to 0.1 percentage point from the tables cited; where a table
 * counts households rather than adults, or people 25 and over rather than
 * 18 and over, the trait's source says so.
 */

const ageSex = ageBySex(
  {
    '18-29': [9.8, 10.2],
    '30-44': [12.7, 12.8],
    '45-59': [12.0, 11.7],
    '60-74': [11.1, 10.1],
    '75+': [5.5, 4.1],
  },
  {
    age: 'US Census Bureau, ACS 1-year estimates 2023, table S0101 “Age and Sex” (adults 18+, approximate, rounded)',
    sex: 'US Census Bureau, ACS 1-year estimates 2023, table S0101 “Age and Sex” (adults 18+, approximate, rounded)',
  },
);

export const us: PopulationFrame = {
  id: 'us',
  name: 'United States',
  country: 'US',
  currency: 'USD',
  population: 'Adults aged 18 and over in private households, United States',
  year: 2023,
  sources: [
    {
      publisher: 'US Census Bureau',
      title: 'American Community Survey 1-year estimates, S0101 Age and Sex',
      year: 2023,
      url: 'https://data.census.gov/table/ACSST1Y2023.S0101',
    },
    {
      publisher: 'US Census Bureau',
      title: 'Income in the United States: 2022 (P60-279), CPS ASEC 2023',
      year: 2023,
      url: 'https://www.census.gov/library/publications/2023/demo/p60-279.html',
    },
    {
      publisher: 'US Census Bureau',
      title:
        'Annual Estimates of the Resident Population for the United States, Regions, States (NST-EST2023-POP)',
      year: 2023,
      url: 'https://www.census.gov/data/tables/time-series/demo/popest/2020s-state-total.html',
    },
    {
      publisher: 'US Census Bureau',
      title: 'America’s Families and Living Arrangements: 2023 (CPS ASEC)',
      year: 2023,
      url: 'https://www.census.gov/data/tables/2023/demo/families/cps-2023.html',
    },
    {
      publisher: 'US Census Bureau',
      title: 'American Community Survey 1-year estimates, S1501 Educational Attainment',
      year: 2023,
      url: 'https://data.census.gov/table/ACSST1Y2023.S1501',
    },
  ],
  traits: [
    ageSex.age,
    ageSex.sex,
    incomeTrait(
      [
        ['under-25k', 'Under $25,000', 0, 25_000, 15.7],
        ['25k-50k', '$25,000–$49,999', 25_000, 50_000, 18.2],
        ['50k-75k', '$50,000–$74,999', 50_000, 75_000, 16.2],
        ['75k-100k', '$75,000–$99,999', 75_000, 100_000, 12.3],
        ['100k-150k', '$100,000–$149,999', 100_000, 150_000, 16.4],
        ['150k-plus', '$150,000 or more', 150_000, null, 21.2],
      ],
      'US Census Bureau, Income in the United States: 2022 (P60-279), CPS ASEC 2023, households by total money income in 2022 (shares of households, not adults; rounded, 0.1 point added to the top band so the shares add to 100)',
    ),
    regionTrait(
      [
        ['northeast', 'Northeast', 17.2],
        ['midwest', 'Midwest', 20.6],
        ['south', 'South', 38.8],
        ['west', 'West', 23.4],
      ],
      'US Census Bureau, Vintage 2023 population estimates (NST-EST2023-POP), census regions (whole resident population, rounded)',
    ),
    householdTrait(
      { alone: 15.0, couple: 27.0, children: 31.0, other: 27.0 },
      'US Census Bureau, America’s Families and Living Arrangements: 2023 (CPS ASEC), adults by living arrangement, grouped into four types (approximate, rounded)',
    ),
    educationTrait(
      { below: 11.5, secondary: 47.5, tertiary: 41.0 },
      {
        below: 'No high school diploma',
        secondary: 'High school diploma or some college',
        tertiary: 'Associate degree or higher',
      },
      'US Census Bureau, ACS 1-year estimates 2023, table S1501 “Educational Attainment” (people 25+, carried over to adults 18+; approximate, rounded)',
    ),
  ],
  joint: ageSex.joint,
};
