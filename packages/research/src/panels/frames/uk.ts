import type { PopulationFrame } from '../frame';
import { ageBySex, educationTrait, householdTrait, incomeTrait, regionTrait } from './common';

/**
 * Adults (18 and over) of the United Kingdom. Figures are approximate and
 * rounded to 0.1 percentage point from the tables cited; where a table
 * counts households rather than adults, or covers England and Wales only,
 * the trait's source says so.
 */

const populationSource =
  'ONS, Population estimates for the UK, England, Wales, Scotland and Northern Ireland: mid-2022 (adults 18+, approximate, rounded)';

const ageSex = ageBySex(
  {
    '18-29': [9.5, 9.8],
    '30-44': [12.6, 12.3],
    '45-59': [12.4, 12.0],
    '60-74': [10.5, 9.9],
    '75+': [6.2, 4.8],
  },
  { age: populationSource, sex: populationSource },
);

export const uk: PopulationFrame = {
  id: 'uk',
  name: 'United Kingdom',
  country: 'GB',
  currency: 'GBP',
  population: 'Adults aged 18 and over in private households, United Kingdom',
  year: 2022,
  sources: [
    {
      publisher: 'Office for National Statistics',
      title:
        'Population estimates for the UK, England, Wales, Scotland and Northern Ireland: mid-2022',
      year: 2024,
      url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/populationandmigration/populationestimates/bulletins/annualmidyearpopulationestimates/mid2022',
    },
    {
      publisher: 'Office for National Statistics',
      title: 'Effects of taxes and benefits on UK household income: financial year ending 2022',
      year: 2023,
      url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/personalandhouseholdfinances/incomeandwealth/bulletins/theeffectsoftaxesandbenefitsonhouseholdincome/financialyearending2022',
    },
    {
      publisher: 'Office for National Statistics',
      title: 'Families and households in the UK: 2023',
      year: 2024,
      url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/birthsdeathsandmarriages/families/bulletins/familiesandhouseholds/2023',
    },
    {
      publisher: 'Office for National Statistics',
      title: 'Education, England and Wales: Census 2021',
      year: 2023,
      url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/educationandchildcare/bulletins/educationenglandandwales/census2021',
    },
  ],
  traits: [
    ageSex.age,
    ageSex.sex,
    incomeTrait(
      [
        ['under-20k', 'Under £20,000', 0, 20_000, 22.0],
        ['20k-35k', '£20,000–£34,999', 20_000, 35_000, 22.0],
        ['35k-50k', '£35,000–£49,999', 35_000, 50_000, 17.0],
        ['50k-75k', '£50,000–£74,999', 50_000, 75_000, 18.0],
        ['75k-100k', '£75,000–£99,999', 75_000, 100_000, 10.0],
        ['100k-plus', '£100,000 or more', 100_000, null, 11.0],
      ],
      'ONS, Effects of taxes and benefits on UK household income, FYE 2022: gross household income (original income plus cash benefits) in bands, shares of households (approximate, rounded to whole points around the published median)',
    ),
    regionTrait(
      [
        ['north-east', 'North East', 4.0],
        ['north-west', 'North West', 11.1],
        ['yorkshire', 'Yorkshire and The Humber', 8.1],
        ['east-midlands', 'East Midlands', 7.3],
        ['west-midlands', 'West Midlands', 8.9],
        ['east', 'East of England', 9.4],
        ['london', 'London', 13.2],
        ['south-east', 'South East', 14.0],
        ['south-west', 'South West', 8.5],
        ['wales', 'Wales', 4.6],
        ['scotland', 'Scotland', 8.1],
        ['northern-ireland', 'Northern Ireland', 2.8],
      ],
      'ONS, mid-2022 population estimates by ITL1 region and nation (whole population, rounded)',
    ),
    householdTrait(
      { alone: 16.0, couple: 30.0, children: 29.0, other: 25.0 },
      'ONS, Families and households in the UK: 2023 (Labour Force Survey), adults by household type, grouped into four types (approximate, rounded)',
    ),
    educationTrait(
      { below: 27.0, secondary: 38.0, tertiary: 35.0 },
      {
        below: 'No qualifications or Level 1',
        secondary: 'Level 2, Level 3 or apprenticeship',
        tertiary: 'Level 4 or above (degree or equivalent)',
      },
      'ONS, Education, England and Wales: Census 2021, highest level of qualification (residents 16+ of England and Wales, carried over to UK adults 18+; “other” qualifications shared out; approximate, rounded)',
    ),
  ],
  joint: ageSex.joint,
};
