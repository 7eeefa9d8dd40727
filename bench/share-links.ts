// 200 people answering one share link at once, through the gateway of the
// embedded run (the built system, as `npm start` runs it). Each respondent
// has its own address (one proxy hop trusted, as behind the ingress), opens
// the link and answers; a tenth of them change their answer a second later
// from the same browser. Stored = sent, none lost or doubled, and the count
// on the owner's page matches. Run: npm run bench -- share-links
import type { CreatedShareLinkView, ShareLinkView, ShareResultsView } from '@chorus/contracts';
import { spawnChorus } from '@chorus/launcher/spawn';
import { type BenchRow, median } from './lib/report';

const RESPONDENTS = Number(process.env.BENCH_RESPONDENTS ?? 200);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measure(): Promise<BenchRow[]> {
  const chorus = await spawnChorus({ env: { TRUST_PROXY: '1' } });
  try {
    const json = { 'content-type': 'application/json' };
    const registered = (await fetch(`${chorus.url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: `bench-share-${Date.now()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: 'Mark',
        productName: 'Bench',
        industry: 'technology',
      }),
    }).then((r) => r.json())) as { token: string; product: { id: string } };
    const headers = { ...json, authorization: `Bearer ${registered.token}` };
    const post = async <T>(path: string, body: unknown): Promise<T> =>
      (await fetch(`${chorus.url}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }).then((r) => r.json())) as T;
    const roadmap = await post<{ id: string }>(`/api/products/${registered.product.id}/roadmaps`, {
      name: 'Bench',
    });
    const item = await post<{ id: string }>(`/api/roadmaps/${roadmap.id}/items`, {
      title: 'Offline mode',
    });
    const link = await post<CreatedShareLinkView>(`/api/roadmap-items/${item.id}/share-links`, {
      feedbackType: 'rating',
    });

    const answerMs: number[] = [];
    const statuses = new Map<number, number>();
    const sent = new Map<number, number>();
    const respondent = async (n: number) => {
      const ip = `10.${Math.floor(n / 250)}.${n % 250}.7`;
      const page = await fetch(`${chorus.url}/api/public/share-links/${link.token}`, {
        headers: { 'x-forwarded-for': ip },
      });
      await page.arrayBuffer();
      let cookie = '';
      const answer = async (rating: number) => {
        const started = performance.now();
        const response = await fetch(
          `${chorus.url}/api/public/share-links/${link.token}/responses`,
          {
            method: 'POST',
            headers: { ...json, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
            body: JSON.stringify({
              answer: { type: 'rating', rating },
              comment: `respondent ${n}`,
            }),
          },
        );
        await response.arrayBuffer();
        answerMs.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
        if (response.status === 201) sent.set(n, rating);
      };
      await answer((n % 5) + 1);
      if (n % 10 === 0) await answer(((n + 2) % 5) + 1);
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: RESPONDENTS }, (_, n) => respondent(n)));
    const wallMs = performance.now() - started;

    const get = async <T>(path: string): Promise<T> =>
      (await fetch(`${chorus.url}${path}`, { headers }).then((r) => r.json())) as T;
    const results = await get<ShareResultsView>(`/api/share-links/${link.id}/results`);
    const [listed] = await get<ShareLinkView[]>(`/api/roadmap-items/${item.id}/share-links`);
    const stored = new Map(
      results.responses.map((r) => [
        Number(r.comment.replace('respondent ', '')),
        r.answer.type === 'rating' ? r.answer.rating : 0,
      ]),
    );
    const lost = [...sent.keys()].filter((n) => !stored.has(n)).length;
    const doubled = results.responses.length - stored.size;
    const wrong = [...sent].filter(([n, rating]) => stored.get(n) !== rating).length;
    const consistent =
      sent.size === RESPONDENTS &&
      results.responseCount === RESPONDENTS &&
      listed?.responseCount === RESPONDENTS &&
      lost === 0 &&
      doubled === 0 &&
      wrong === 0;
    const statusNote = [...statuses].map(([s, n]) => `${n}×${s}`).join(', ');
    return [
      {
        area: 'share-links',
        metric: `${RESPONDENTS} concurrent respondents on one link: stored = sent, counts match`,
        unit: '',
        budget: 'none lost or doubled',
        withinBudget: consistent,
        note: `sent ${sent.size}, stored ${results.responseCount}, owner's list ${listed?.responseCount}, lost ${lost}, doubled ${doubled}, last answer wrong ${wrong}; answers ${statusNote}`,
      },
      {
        area: 'share-links',
        metric: `answer a link, p95 of ${answerMs.length} with ${RESPONDENTS} at once`,
        value: percentile(answerMs, 95),
        unit: 'ms',
        budget: '< 1000 ms',
        withinBudget: percentile(answerMs, 95) < 1000,
        note: `median ${median(answerMs).toFixed(0)} ms; all ${RESPONDENTS} done in ${wallMs.toFixed(0)} ms`,
      },
    ];
  } finally {
    await chorus.stop();
  }
}
