import type { PopulationFrame } from '../frame';
import { ageBySex, educationTrait, householdTrait, incomeTrait, regionTrait } from './common';

/**
 * Adults (18 and over) of Germany. Figures are approximate and rounded to
 * 0.1 percentage point from the tables cited; where a table counts
 * households rather than adults, the trait's source says so. Income is net
 * household income (after tax and social contributions), as the Mikrozensus
 * asks it, in yearly amounts (twelve times the monthly classes).
 */

const ageSex = ageBySex(
  {
    '18-29': [7.5, 8.2],
    '30-44': [11.4, 12.0],
    '45-59': [13.3, 13.1],
    '60-74': [11.6, 11.0],
    '75+': [6.9, 5.0],
  },
  {
    age: 'Destatis, Bevölkerung nach Altersjahren und Geschlecht (GENESIS 12411-0005), 31.12.2022 (adults 18+, approximate, rounded)',
    sex: 'Destatis, Bevölkerung nach Altersjahren und Geschlecht (GENESIS 12411-0005), 31.12.2022 (adults 18+, approximate, rounded)',
  },
);

export const de: PopulationFrame = {
  id: 'de',
  name: 'Germany',
  country: 'DE',
  currency: 'EUR',
  population: 'Adults aged 18 and over in private households, Germany',
  year: 2022,
  sources: [
    {
      publisher: 'Statistisches Bundesamt (Destatis)',
      title: 'Bevölkerung: Deutschland, Stichtag, Geschlecht, Altersjahre (12411-0005)',
      year: 2023,
      url: 'https://www-genesis.destatis.de/genesis/online?sequenz=tabelleErgebnis&selectionname=12411-0005',
    },
    {
      publisher: 'Statistisches Bundesamt (Destatis)',
      title:
        'Mikrozensus 2023: Privathaushalte nach monatlichem Haushaltsnettoeinkommen und Haushaltsgröße (12211-0300)',
      year: 2024,
      url: 'https://www-genesis.destatis.de/genesis/online?sequenz=tabelleErgebnis&selectionname=12211-0300',
    },
    {
      publisher: 'Statistisches Bundesamt (Destatis)',
      title: 'Bevölkerung nach Bundesländern (Bevölkerungsstand 31.12.2022)',
      year: 2023,
      url: 'https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Bevoelkerung/Bevoelkerungsstand/_inhalt.html',
    },
    {
      publisher: 'Statistisches Bundesamt (Destatis)',
      title: 'Mikrozensus 2022: Haushalte und Familien',
      year: 2023,
      url: 'https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Bevoelkerung/Haushalte-Familien/_inhalt.html',
    },
    {
      publisher: 'Statistisches Bundesamt (Destatis)',
      title: 'Mikrozensus 2022: Bildungsstand der Bevölkerung (ISCED 2011)',
      year: 2023,
      url: 'https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Bildung-Forschung-Kultur/Bildungsstand/_inhalt.html',
    },
  ],
  traits: [
    ageSex.age,
    ageSex.sex,
    incomeTrait(
      [
        ['under-18k', 'Under €18,000', 0, 18_000, 18.1],
        ['18k-30k', '€18,000–€29,999', 18_000, 30_000, 25.8],
        ['30k-48k', '€30,000–€47,999', 30_000, 48_000, 26.4],
        ['48k-60k', '€48,000–€59,999', 48_000, 60_000, 11.5],
        ['60k-plus', '€60,000 or more', 60_000, null, 18.2],
      ],
      'Destatis, Mikrozensus 2023, GENESIS 12211-0300: households by monthly net household income (under €1,500, €1,500–2,500, €2,500–4,000, €4,000–5,000, €5,000+), households not stating income left out (shares of households, rounded)',
    ),
    regionTrait(
      [
        ['north', 'North (Schleswig-Holstein, Hamburg, Lower Saxony, Bremen)', 16.2],
        ['nrw', 'North Rhine-Westphalia', 21.5],
        ['centre-west', 'Centre-West (Hesse, Rhineland-Palatinate, Saarland)', 13.7],
        ['baden-wuerttemberg', 'Baden-Württemberg', 13.4],
        ['bavaria', 'Bavaria', 15.8],
        [
          'east',
          'East (Berlin, Brandenburg, Mecklenburg-Vorpommern, Saxony, Saxony-Anhalt, Thuringia)',
          19.4,
        ],
      ],
      'Destatis, population by Land on 31.12.2022 (whole population, Länder grouped into six regions, rounded)',
    ),
    householdTrait(
      { alone: 24.0, couple: 34.0, children: 23.0, other: 19.0 },
      'Destatis, Mikrozensus 2022, Haushalte und Familien: adults by household type, grouped into four types (approximate, rounded)',
    ),
    educationTrait(
      { below: 20.0, secondary: 54.0, tertiary: 26.0 },
      {
        below: 'Low (ISCED 0–2)',
        secondary: 'Medium (ISCED 3–4, e.g. Abitur or vocational training)',
        tertiary: 'High (ISCED 5–8, e.g. university or Meister)',
      },
      'Destatis, Mikrozensus 2022, Bildungsstand nach ISCED 2011 (population 15+, carried over to adults 18+; approximate, rounded)',
    ),
  ],
  joint: ageSex.joint,
};
