import { isStorageUnavailable } from '../src';

describe('isStorageUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a refused connection on every address',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
    [
      'the server shutting down',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    ['the server starting', Object.assign(new Error('starting up'), { code: '57P03' })],
    ['a connection exception', Object.assign(new Error('lost'), { code: '08006' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'no pooled connection in time',
      Object.assign(new Error('Knex: Timeout'), { name: 'KnexTimeoutError' }),
    ],
    ['a wrapped cause', new Error('query failed', { cause: new Error('Connection terminated') })],
  ])('is true for %s', (_what, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax'), { code: '42601' })],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });
});
