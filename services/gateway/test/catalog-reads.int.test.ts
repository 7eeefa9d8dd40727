import { readGatewayConfig, startGateway } from '@chorus/gateway';
import { apiAt, startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import type { ProductView } from '@chorus/contracts';
import { createClient } from 'redis';
import { readsAfterWrites } from './reads-after-writes';
import { signUp } from './teams-fixtures';
import { testLogger } from '@chorus/service-kit/testing';

// The gateway's read cache (src/clients/catalog-reads.ts) is on when the
// catalog is across the network and both reach Redis: the distributed run's
// layout, here with the services over loopback gRPC and a second gateway
// replica sharing the Redis. Writes go through the first gateway; reads come
// at once through the first, then through the second.
const redisUrl = process.env.TEST_REDIS_URL!;
let chorus: TestChorus;
let replica: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  chorus = await startTestChorus({
    inProcess: false,
    redisUrl,
    // Every service gets it: the catalog sets read versions there.
    env: { TRUST_PROXY: '1', REDIS_URL: redisUrl },
  });
  replica = await startGateway(
    readGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
      CATALOG_ADDR: `127.0.0.1:${chorus.grpcPorts.catalog}`,
      BILLING_ADDR: `127.0.0.1:${chorus.grpcPorts.billing}`,
      ROADMAP_ADDR: `127.0.0.1:${chorus.grpcPorts.roadmap}`,
      INFERENCE_ADDR: `127.0.0.1:${chorus.grpcPorts['persona-inference']}`,
      TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      REDIS_URL: redisUrl,
      TRUST_PROXY: '1',
    }),
    { bus: chorus.bus, logger: testLogger() },
  );
});
afterAll(async () => {
  await replica?.stop();
  await chorus?.stop();
});

describe('reads through the gateway that took the writes, with its read cache', () => {
  readsAfterWrites(() => ({ chorus, read: chorus.api }));
});

describe('reads through another gateway replica, with its own read cache', () => {
  readsAfterWrites(() => ({ chorus, read: apiAt(`http://127.0.0.1:${replica.port}`) }));
});

describe('the read cache', () => {
  it('sets versions in Redis, and a replica that kept a list reads it again after a change it did not take', async () => {
    const owner = await signUp(chorus, 'Kept');
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    try {
      // The catalog says it sets versions, and the owner's products have one.
      expect(await redis.exists('chorus:read-version:writer')).toBe(1);
      const before = await redis.get(`chorus:read-version:products:${owner.userId}`);
      expect(before).not.toBeNull();
      const onReplica = apiAt(`http://127.0.0.1:${replica.port}`);
      const first = await onReplica<ProductView[]>('/api/products', { token: owner.token });
      // A change the replica did not take is told to it by the versions alone.
      await chorus.api('/api/products', {
        method: 'POST',
        token: owner.token,
        body: { name: 'Another', industry: 'retail' },
      });
      const userVersion = await redis.get(`chorus:read-version:user:${owner.userId}`);
      expect(userVersion).not.toBeNull();
      expect(await redis.get(`chorus:read-version:products:${owner.userId}`)).not.toBe(before);
      const second = await onReplica<ProductView[]>('/api/products', { token: owner.token });
      expect(second.body.length).toBe(first.body.length + 1);
    } finally {
      await redis.quit();
    }
  });
});
