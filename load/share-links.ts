/**
 * 200 people answering one share link at once: each virtual user opens the
 * public page's data and sends one rating, from an address of its own (sent
 * as X-Forwarded-For, so the gateway must trust one proxy hop: TRUST_PROXY=1,
 * as behind the ingress; otherwise the per-address limit of the public routes
 * answers 429, as it should for 200 answers from one address). The teardown
 * checks stored = sent, none lost or doubled, and the owner's count.
 *
 *   k6 run -e BASE_URL=http://localhost:8080 load/share-links.ts
 */
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import type { Options } from 'k6/options';
import { register, uniqueEmail } from './lib/account.ts';
import { Api, baseUrl, bodyOf, isRecord, stringField } from './lib/api.ts';

const RESPONDENTS = Number(__ENV.RESPONDENTS ?? 200);

/** Responses the gateway took (201). */
const sent = new Counter('share_responses_sent');

export const options: Options = {
  scenarios: {
    respondents: {
      executor: 'per-vu-iterations',
      vus: RESPONDENTS,
      iterations: 1,
      maxDuration: '2m',
    },
  },
  tags: { synthetic: 'true', profile: 'share-links' },
  thresholds: {
    checks: ['rate==1'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:/api/public/share-links/{token}/responses}': ['p(95)<1000'],
  },
};

interface Setup {
  ownerToken: string;
  itemId: string;
  linkId: string;
  token: string;
}

export function setup(): Setup {
  const api = new Api('share-links');
  const account = register(api, uniqueEmail('share-owner'));
  if (!account) throw new Error('could not register the link owner');
  const owner = api.withToken(account.token);
  const roadmap = bodyOf(
    owner.post(
      `/api/products/${account.productId}/roadmaps`,
      { name: 'Load' },
      '/api/products/{id}/roadmaps',
    ),
  );
  const roadmapId = stringField(roadmap, 'id');
  const item = bodyOf(
    owner.post(
      `/api/roadmaps/${roadmapId}/items`,
      { title: 'Offline mode' },
      '/api/roadmaps/{id}/items',
    ),
  );
  const itemId = stringField(item, 'id') ?? '';
  const link = bodyOf(
    owner.post(
      `/api/roadmap-items/${itemId}/share-links`,
      { feedbackType: 'rating' },
      '/api/roadmap-items/{id}/share-links',
    ),
  );
  const token = stringField(link, 'token');
  const linkId = stringField(link, 'id');
  if (!token || !linkId) throw new Error('could not create the share link');
  return { ownerToken: account.token, itemId, linkId, token };
}

export default function respond(data: Setup): void {
  const n = exec.vu.idInTest;
  const headers = {
    'User-Agent': 'chorus-load/1.0 (k6; synthetic)',
    'X-Forwarded-For': `10.${Math.floor(n / 250)}.${n % 250}.9`,
    'Content-Type': 'application/json',
  };
  const page = http.get(`${baseUrl}/api/public/share-links/${data.token}`, {
    headers,
    tags: { name: '/api/public/share-links/{token}' },
  });
  check(page, { 'the link opens': (r) => r.status === 200 });
  const answer = http.post(
    `${baseUrl}/api/public/share-links/${data.token}/responses`,
    JSON.stringify({ answer: { type: 'rating', rating: (n % 5) + 1 }, comment: `respondent ${n}` }),
    { headers, tags: { name: '/api/public/share-links/{token}/responses' } },
  );
  if (check(answer, { 'the answer is taken': (r) => r.status === 201 })) sent.add(1);
}

export function teardown(data: Setup): void {
  const owner = new Api('share-links').withToken(data.ownerToken);
  const results = bodyOf(
    owner.get(`/api/share-links/${data.linkId}/results`, '/api/share-links/{id}/results'),
  );
  const links = bodyOf(
    owner.get(
      `/api/roadmap-items/${data.itemId}/share-links`,
      '/api/roadmap-items/{id}/share-links',
    ),
  );
  const responses = isRecord(results) && Array.isArray(results.responses) ? results.responses : [];
  const respondents = new Set(responses.map((r) => stringField(r, 'comment')));
  const listed = Array.isArray(links) && isRecord(links[0]) ? links[0].responseCount : undefined;
  check(null, {
    [`stored = sent (${RESPONDENTS})`]: () =>
      isRecord(results) && results.responseCount === RESPONDENTS,
    'none lost or doubled': () =>
      responses.length === RESPONDENTS && respondents.size === RESPONDENTS,
    "the owner's list counts the same": () => listed === RESPONDENTS,
  });
}
