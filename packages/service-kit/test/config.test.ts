import { z } from 'zod';
import { ConfigError, env, loadConfig } from '../src';

const schema = z.object({
  PORT: env.port(8080),
  DATABASE_URL: env.url().default('postgres://localhost/app'),
  KAFKA_BROKERS: env.brokers(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  VERBOSE: env.flag(false),
});

describe('loadConfig', () => {
  it('fills defaults so the embedded run needs no variables', () => {
    expect(loadConfig('svc', schema, {})).toEqual({
      PORT: 8080,
      DATABASE_URL: 'postgres://localhost/app',
      KAFKA_BROKERS: [],
      VERBOSE: false,
    });
  });

  it('parses values from the environment', () => {
    const config = loadConfig('svc', schema, {
      PORT: '9000',
      KAFKA_BROKERS: 'kafka-0:9092, kafka-1:9092',
      VERBOSE: 'yes',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      KAFKA_BROKERS: ['kafka-0:9092', 'kafka-1:9092'],
      VERBOSE: true,
    });
  });

  it('names every bad variable and its value in one clear message', () => {
    let error: unknown;
    try {
      loadConfig('billing', schema, { PORT: 'eighty', KAFKA_BROKERS: 'kafka' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('billing: invalid configuration');
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('KAFKA_BROKERS');
  });

  it('never echoes a secret', () => {
    expect(() => loadConfig('billing', schema, { STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(
      /STRIPE_SECRET_KEY.*<redacted>/,
    );
    expect(() => loadConfig('billing', schema, { STRIPE_SECRET_KEY: 'pk_live_oops' })).not.toThrow(
      /pk_live_oops/,
    );
  });
});
