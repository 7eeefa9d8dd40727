import { check } from 'k6';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';

/** The gateway under test; the Helm Job sets it to the release's gateway. */
export const baseUrl = (__ENV.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

/**
 * Every request says it is synthetic: the user agent for access logs, and W3C
 * baggage that the services' OpenTelemetry propagators carry along the whole
 * trace (gateway, gRPC, Kafka), so dashboards can leave load-test traffic out.
 */
const syntheticHeaders = {
  'User-Agent': 'chorus-load/1.0 (k6; synthetic)',
  baggage: 'synthetic_request=true',
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function isRecord(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A signed-in (or anonymous) client of the API, tagging each request with its journey. */
export class Api {
  constructor(
    readonly journey: string,
    private readonly token?: string,
  ) {}

  withToken(token: string): Api {
    return new Api(this.journey, token);
  }

  get(path: string, name: string = path, expected: number[] = [200]) {
    return this.send('GET', path, undefined, name, expected);
  }

  post(
    path: string,
    body: Record<string, Json> | undefined,
    name: string = path,
    expected = [200, 201],
  ) {
    return this.send('POST', path, body, name, expected);
  }

  del(path: string, name: string = path, expected = [200, 204]) {
    return this.send('DELETE', path, undefined, name, expected);
  }

  /**
   * Sends one request. `name` groups URLs with ids under one metric series
   * (e.g. /api/products/{id}); `expected` are the statuses that count as a
   * success, so an expected 404 does not raise the error rate.
   */
  private send(
    method: string,
    path: string,
    body: Record<string, Json> | undefined,
    name: string,
    expected: number[],
  ): RefinedResponse<ResponseType> {
    const headers: Record<string, string> = { ...syntheticHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = http.request(method, `${baseUrl}${path}`, body && JSON.stringify(body), {
      headers,
      tags: { journey: this.journey, name },
      responseCallback: http.expectedStatuses(...expected),
    });
    check(
      response,
      {
        [`${method} ${name} answers ${expected.join(' or ')}`]: (r) => expected.includes(r.status),
      },
      {
        journey: this.journey,
      },
    );
    return response;
  }
}

/** The parsed JSON body, or undefined when the body is not JSON. */
export function bodyOf(response: RefinedResponse<ResponseType>): Json | undefined {
  try {
    return JSON.parse(String(response.body)) as Json;
  } catch {
    return undefined;
  }
}

export function stringField(value: Json | undefined, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}
