/** Test helpers: a tiny OpenAI-compatible server for tests and benchmarks. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake server does with one chat-completions request. */
export interface FakeReply {
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /** HTTP status; 200 unless said. */
  status?: number;
  /** The assistant message's content. */
  content?: string;
  /** The usage field's token counts; 512 prompt and 128 completion tokens unless said. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** For a streamed request (`stream: true`): the content in pieces; the content split by words unless said. */
  chunks?: string[];
  /** For a streamed request: the pause between pieces. */
  chunkDelayMs?: number;
  /** For a streamed request: the connection drops after this many pieces (a stream cut half-way). */
  cutAfterChunks?: number;
  /** Response headers besides the content type, e.g. `retry-after-ms` on a 429. */
  headers?: Record<string, string>;
}

export interface FakeRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    temperature?: number;
    seed?: number;
    stream?: boolean;
    messages: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: unknown };
    };
  };
}

export interface FakeOpenAI {
  /** Base URL for the SDK, ending in /v1. */
  url: string;
  /** The chat-completions requests answered by `reply` (not those refused with a 429 by `rateLimitFirst`). */
  requests: FakeRequest[];
  /** The chat-completions requests refused with a 429 by `rateLimitFirst`. */
  rateLimited: FakeRequest[];
  /** The embeddings requests, apart from the chat completions. */
  embeddingRequests: FakeEmbeddingRequest[];
  close(): Promise<void>;
}

export interface FakeEmbeddingRequest {
  headers: IncomingMessage['headers'];
  body: { model: string; input: string | string[]; encoding_format?: string };
}

/** How the fake server behaves besides its replies. */
export interface FakeOpenAIOptions {
  /** The first this many chat-completions requests are answered HTTP 429, as a busy API does. */
  rateLimitFirst?: number;
  /** How the 429 says when to try again: `retry-after-ms: 10` (the default) or `retry-after: 0`. */
  retryAfter?: 'retry-after-ms' | 'retry-after';
  /** Every chat-completions reply waits this long (a reply's own delayMs comes on top). */
  latencyMs?: number;
}

/** What the fake server does with one embeddings request. */
export interface FakeEmbeddingReply {
  /** HTTP status; 200 unless said. */
  status?: number;
  /** One vector per input; wordEmbedding of each input unless said. */
  embeddings?: number[][];
  /** 8 prompt tokens per input unless said. */
  promptTokens?: number;
}

const EMBEDDING_WIDTH = 64;

/**
 * A bag-of-words embedding: each word (lower case) adds one to a dimension
 * picked by its hash. Texts that share words are close, as with a real
 * embeddings model, without one.
 */
function wordEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_WIDTH).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9']+/g) ?? []) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    vector[(hash >>> 0) % EMBEDDING_WIDTH]! += 1;
  }
  return vector;
}

/** A valid answer as a model would give it. */
export function validAnswer(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    distribution: { positive: 0.1, neutral: 0.2, negative: 0.7 },
    safetyInfluence: 'high',
    response: 'On my pension another monthly charge is hard to justify.',
    reasoning: 'A fixed income and low economic safety make the price decisive.',
    grounding: {
      personaAttributes: ['income', 'safetyScores.economic'],
      profileFields: ['pricingModels'],
    },
    ...overrides,
  });
}

/** Whether a request asks for the wording verdict (with the model's framings). */
export function isWordingVerdictRequest(request: FakeRequest): boolean {
  return request.body.response_format?.json_schema?.name === 'wording_verdict';
}

/** A wording verdict as a model would give it: not leading, its framings as given. */
export function wordingVerdictAnswer(
  framings: { neutral: string; reversed: string },
  overrides: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    leading: false,
    kinds: [],
    reason: 'The question asks plainly.',
    ...framings,
    ...overrides,
  });
}

/** The indexes of the market panel members a `panel_personas` request describes ("Member 12:" lines). */
export function panelMembersAsked(request: FakeRequest): number[] {
  const prompt = request.body.messages.map((m) => m.content).join('\n');
  return [...prompt.matchAll(/^Member (\d+):/gm)].map((match) => Number(match[1]));
}

/**
 * A valid `panel_personas` reply as a model would give it: for every member
 * the prompt describes, a name and a sentence of prose per field that names
 * the member's index ("Lifestyle written for member 12."), so a test can
 * tell the model's words from facts worked out in code.
 */
function panelPersonasAnswer(request: FakeRequest): string {
  return JSON.stringify({
    personas: panelMembersAsked(request).map((index) => ({
      index,
      name: `Model Name ${index}`,
      lifestyle: `Lifestyle written for member ${index}.`,
      motivations: `Motivations written for member ${index}.`,
      personality: `Personality written for member ${index}.`,
    })),
  });
}

/** The reply the fake gives unless told otherwise: panel personas for a `panel_personas` request, an answer otherwise. */
export function defaultReply(request: FakeRequest): FakeReply {
  return request.body.response_format?.json_schema?.name === 'panel_personas'
    ? { content: panelPersonasAnswer(request) }
    : { content: validAnswer() };
}

/** An embeddings reply as the API gives it: floats, or base64 of float32 when asked. */
function embeddingsBody(request: FakeEmbeddingRequest, planned: FakeEmbeddingReply): string {
  const inputs = Array.isArray(request.body.input) ? request.body.input : [request.body.input];
  const vectors = planned.embeddings ?? inputs.map(wordEmbedding);
  const base64 = request.body.encoding_format === 'base64';
  const tokens = planned.promptTokens ?? 8 * inputs.length;
  return JSON.stringify({
    object: 'list',
    model: request.body.model,
    data: vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
    })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/**
 * A tiny OpenAI-compatible server answering POST /v1/chat/completions with
 * whatever `reply` decides for the n-th request (0-based; `defaultReply`
 * unless said), and POST /v1/embeddings with whatever `embed` decides
 * (bag-of-words vectors unless said). `options` adds a 429 to the first
 * requests and a latency to every reply.
 */
export async function startFakeOpenAI(
  reply: (request: FakeRequest, n: number) => FakeReply = defaultReply,
  embed: (request: FakeEmbeddingRequest, n: number) => FakeEmbeddingReply = () => ({}),
  options: FakeOpenAIOptions = {},
): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const rateLimited: FakeRequest[] = [];
  const embeddingRequests: FakeEmbeddingRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/embeddings') {
        const request: FakeEmbeddingRequest = {
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeEmbeddingRequest['body'],
        };
        const planned = embed(request, embeddingRequests.length);
        embeddingRequests.push(request);
        const status = planned.status ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          status === 200
            ? embeddingsBody(request, planned)
            : JSON.stringify({
                error: { message: `fake failure ${status}`, type: 'server_error' },
              }),
        );
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const request: FakeRequest = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'],
      };
      if (rateLimited.length < (options.rateLimitFirst ?? 0)) {
        rateLimited.push(request);
        const wait: Record<string, string> =
          options.retryAfter === 'retry-after'
            ? { 'retry-after': '0' }
            : { 'retry-after-ms': '10' };
        res.writeHead(429, { 'content-type': 'application/json', ...wait });
        res.end(
          JSON.stringify({
            error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
          }),
        );
        return;
      }
      const planned = reply(request, requests.length);
      requests.push(request);
      const sendStream = async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const pieces = planned.chunks ?? (planned.content ?? '').split(/(?<= )/);
        const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
          `data: ${JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
            ...extra,
          })}\n\n`;
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const [index, piece] of pieces.entries()) {
          if (planned.cutAfterChunks !== undefined && index >= planned.cutAfterChunks) {
            // The connection drops half-way, as a model server that dies would.
            res.socket?.destroy();
            return;
          }
          res.write(chunk({ content: piece }));
          if (planned.chunkDelayMs) {
            await new Promise((resolve) => setTimeout(resolve, planned.chunkDelayMs));
          }
        }
        const usage = planned.usage ?? { prompt_tokens: 512, completion_tokens: 128 };
        res.write(
          `data: ${JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      };
      const send = () => {
        if (request.body.stream && (planned.status ?? 200) === 200) {
          void sendStream();
          return;
        }
        const status = planned.status ?? 200;
        res.writeHead(status, { 'content-type': 'application/json', ...planned.headers });
        if (status !== 200) {
          res.end(
            JSON.stringify({ error: { message: `fake failure ${status}`, type: 'server_error' } }),
          );
          return;
        }
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: planned.content ?? '', refusal: null },
                finish_reason: 'stop',
                logprobs: null,
              },
            ],
            usage: {
              ...(planned.usage ?? { prompt_tokens: 512, completion_tokens: 128 }),
              total_tokens:
                (planned.usage?.prompt_tokens ?? 512) + (planned.usage?.completion_tokens ?? 128),
            },
          }),
        );
      };
      const delayMs = (options.latencyMs ?? 0) + (planned.delayMs ?? 0);
      if (!delayMs) {
        send();
        return;
      }
      const timer = setTimeout(send, delayMs);
      // The client gave up (timeout): stop waiting for it.
      res.on('close', () => clearTimeout(timer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    rateLimited,
    embeddingRequests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
