/**
 * Chorus load test: virtual users repeatedly pick one of the main user
 * journeys by weight (the table in README.md) against the gateway at
 * BASE_URL. LOAD_PROFILE chooses how many users and for how long.
 *
 *   k6 run -e BASE_URL=http://localhost:8080 -e LOAD_PROFILE=smoke load/main.ts
 */
import type { Options } from 'k6/options';
import { accountOfThisUser, type Account } from './lib/account.ts';
import {
  askQuestion,
  browseProducts,
  importRoadmap,
  signUpAndSignIn,
  viewBilling,
  viewDashboard,
} from './journeys.ts';

interface Journey {
  name: string;
  weight: number;
  run: () => void;
}

/** A journey of a signed-in customer: this virtual user's own account and product. */
function signedIn(journey: (account: Account) => void): () => void {
  return () => {
    const account = accountOfThisUser();
    if (account) journey(account);
  };
}

/** The scenario table: each iteration runs one journey, chosen with these weights. */
const journeys: Journey[] = [
  { name: 'browse-products', weight: 30, run: signedIn(browseProducts) },
  { name: 'view-dashboard', weight: 25, run: signedIn(viewDashboard) },
  { name: 'ask-question', weight: 15, run: signedIn(askQuestion) },
  { name: 'roadmap-import', weight: 10, run: signedIn(importRoadmap) },
  { name: 'billing-page', weight: 10, run: signedIn(viewBilling) },
  { name: 'sign-in', weight: 10, run: signUpAndSignIn },
];

const profiles = {
  smoke: [{ duration: '30s', target: 1 }],
  average: [
    { duration: '1m', target: 20 },
    { duration: '5m', target: 20 },
    { duration: '1m', target: 0 },
  ],
  stress: [
    { duration: '2m', target: 100 },
    { duration: '5m', target: 100 },
    { duration: '2m', target: 0 },
  ],
} as const;

type Profile = keyof typeof profiles;

function isProfile(name: string): name is Profile {
  return Object.prototype.hasOwnProperty.call(profiles, name);
}

const profileName = __ENV.LOAD_PROFILE ?? 'smoke';
if (!isProfile(profileName)) {
  throw new Error(
    `LOAD_PROFILE must be one of ${Object.keys(profiles).join(', ')}; got ${profileName}`,
  );
}

export const options: Options = {
  scenarios: {
    journeys: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [...profiles[profileName]],
      gracefulRampDown: '30s',
    },
  },
  // Tagged on every metric: dashboards and the collector can tell this traffic apart.
  tags: { synthetic: 'true', profile: profileName },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<500'],
    checks: ['rate>0.99'],
    'http_req_duration{journey:browse-products}': ['p(95)<300'],
    'http_req_duration{journey:view-dashboard}': ['p(95)<400'],
    'http_req_duration{journey:ask-question}': ['p(95)<400'],
    'http_req_duration{journey:roadmap-import}': ['p(95)<800'],
    'http_req_duration{journey:billing-page}': ['p(95)<500'],
    // Registration hashes a password (argon2) on purpose.
    'http_req_duration{journey:sign-in}': ['p(95)<1500'],
    question_answered_seconds: ['p(95)<30'],
  },
};

const totalWeight = journeys.reduce((sum, j) => sum + j.weight, 0);

function pickJourney(roll: number): Journey {
  let remaining = roll * totalWeight;
  for (const journey of journeys) {
    remaining -= journey.weight;
    if (remaining < 0) return journey;
  }
  return journeys[journeys.length - 1]!;
}

export default function (): void {
  pickJourney(Math.random()).run();
}
