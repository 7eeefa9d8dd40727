import type { PopulationFrame } from '../frame';
import { ageBySex, educationTrait, householdTrait, incomeTrait, regionTrait } from './common';

/**
 * Adults (18 and over) of India. Figures are approximate and rounded to 0.1
 * percentage point from the sources cited. The age and sex shares are from
 * the last census (2011); income bands follow PRICE's ICE 360° classes at
 * 2020-21 prices, with the split inside its “aspirer” and “middle class”
 * classes an approximation. Where a source counts households, people 15
 * and over or the whole population, the trait's source says so.
 */

const censusAge =
  'Office of the Registrar General & Census Commissioner, Census of India 2011, C-13 “Single year age returns by residence and sex” (adults 18+, approximate, rounded)';

const ageSex = ageBySex(
  {
    '18-29': [16.3, 17.2],
    '30-44': [15.6, 16.3],
    '45-59': [9.8, 10.6],
    '60-74': [5.9, 5.8],
    '75+': [1.3, 1.2],
  },
  { age: censusAge, sex: censusAge },
);

export const india: PopulationFrame = {
  id: 'in',
  name: 'India',
  country: 'IN',
  currency: 'INR',
  population: 'Adults aged 18 and over in private households, India',
  year: 2021,
  sources: [
    {
      publisher: 'Office of the Registrar General & Census Commissioner, India',
      title: 'Census of India 2011: C-13 Single year age returns by residence and sex',
      year: 2011,
      url: 'https://censusindia.gov.in/census.website/data/census-tables',
    },
    {
      publisher: 'People Research on India’s Consumer Economy (PRICE)',
      title:
        'Gearing Up for a Billion-Plus Middle Class by 2047 (ICE 360° Surveys 2014, 2016 and 2021)',
      year: 2023,
      url: 'https://price360.in/publication-details.php?url=gearing-up-for-a-billionplus-middle-class-by-2047',
    },
    {
      publisher: 'Office of the Registrar General & Census Commissioner, India',
      title: 'Census of India 2011: Primary Census Abstract, population by state',
      year: 2011,
      url: 'https://censusindia.gov.in/census.website/data/census-tables',
    },
    {
      publisher:
        'International Institute for Population Sciences (IIPS) and Ministry of Health and Family Welfare',
      title: 'National Family Health Survey (NFHS-5), 2019–21: India Report',
      year: 2022,
      url: 'https://rchiips.org/nfhs/NFHS-5Reports/NFHS-5_INDIA_REPORT.pdf',
    },
    {
      publisher: 'Ministry of Statistics and Programme Implementation (MoSPI)',
      title: 'Periodic Labour Force Survey (PLFS) Annual Report, July 2022 – June 2023',
      year: 2023,
      url: 'https://www.mospi.gov.in/publication/annual-report-periodic-labour-force-survey-plfs-july-2022-june-2023',
    },
  ],
  traits: [
    ageSex.age,
    ageSex.sex,
    incomeTrait(
      [
        ['under-1.25l', 'Under ₹1.25 lakh', 0, 125_000, 15.0],
        ['1.25l-2.5l', '₹1.25–2.5 lakh', 125_000, 250_000, 24.0],
        ['2.5l-5l', '₹2.5–5 lakh', 250_000, 500_000, 26.5],
        ['5l-15l', '₹5–15 lakh', 500_000, 1_500_000, 24.0],
        ['15l-30l', '₹15–30 lakh', 1_500_000, 3_000_000, 6.5],
        ['30l-plus', '₹30 lakh or more', 3_000_000, null, 4.0],
      ],
      'PRICE, ICE 360° Survey 2021, household income classes at 2020-21 prices, shares of people: destitute and aspirers (under ₹5 lakh) 65.5 %, middle class (₹5–30 lakh) 30.5 %, rich (₹30 lakh or more) 4.0 %, from PRICE’s 928, 432 and 56 million people; destitute (under ₹1.25 lakh) about 15 %; the splits at ₹2.5 lakh and ₹15 lakh are approximate',
    ),
    regionTrait(
      [
        [
          'north',
          'North (Delhi, Haryana, Himachal Pradesh, Jammu & Kashmir, Punjab, Rajasthan)',
          13.1,
        ],
        ['central', 'Central (Chhattisgarh, Madhya Pradesh, Uttar Pradesh, Uttarakhand)', 25.4],
        ['east', 'East (Bihar, Jharkhand, Odisha, West Bengal)', 22.4],
        ['west', 'West (Goa, Gujarat, Maharashtra)', 14.4],
        ['south', 'South (Andhra Pradesh, Telangana, Karnataka, Kerala, Tamil Nadu)', 20.9],
        ['north-east', 'North-East (Assam, Sikkim and the six other north-eastern states)', 3.8],
      ],
      'Census of India 2011, Primary Census Abstract: population by state, grouped by zonal council (whole population, rounded)',
    ),
    householdTrait(
      { alone: 2.0, couple: 9.0, children: 56.0, other: 33.0 },
      'IIPS, NFHS-5 (2019–21) India Report, household composition: adults by household type, grouped into four types (approximate, rounded)',
    ),
    educationTrait(
      { below: 56.0, secondary: 32.0, tertiary: 12.0 },
      {
        below: 'Below class 10 (incl. no schooling)',
        secondary: 'Class 10 or 12, or a diploma',
        tertiary: 'Graduate or above',
      },
      'MoSPI, PLFS Annual Report 2022-23, persons 15+ by general educational level (carried over to adults 18+; approximate, rounded)',
    ),
  ],
  joint: ageSex.joint,
};
