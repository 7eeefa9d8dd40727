import { IdentityServiceClient, IdentityServiceService } from '@chorus/proto/identity/v1/identity';
import { status } from '@grpc/grpc-js';
import {
  type AsyncServiceImplementation,
  checkHealth,
  createPromiseClient,
  implement,
  InvalidArgument,
  NotFound,
  startGrpcServer,
} from '../src';
import { testLogger } from '../src/testing';

// A real server on port 0 and the generated client, with handlers shaped to
// exercise the kit: errors, slow calls and shutdown.
function handlers(
  gate: Promise<void>,
  onSlowCall: () => void,
): AsyncServiceImplementation<typeof IdentityServiceService> {
  const unused = () => Promise.reject(new Error('not used in this test'));
  return {
    getUser: async ({ userId }) => {
      if (userId === 'missing') throw new NotFound('User not found');
      if (userId === 'bad') throw new InvalidArgument('Bad user id');
      if (userId === 'crash') throw new Error('secret internal detail');
      if (userId === 'slow') {
        onSlowCall();
        await gate;
      }
      return {
        user: {
          id: userId,
          email: 'a@b.c',
          firstName: 'A',
          lastName: 'B',
          friendOfOurs: false,
          profileImageUrl: '',
          promoCode: '',
          discountPercent: 0,
        },
      };
    },
    register: unused,
    sendInvitation: unused,
    login: unused,
    logout: unused,
    listRevokedSessions: unused,
    requestPasswordReset: unused,
    validateResetToken: unused,
    resetPassword: unused,
    adminLogin: unused,
    getUserStats: unused,
    recordAdminAction: unused,
    listAdminActions: unused,
  };
}

async function start(gate: Promise<void> = Promise.resolve(), onSlowCall = () => {}) {
  const logger = testLogger();
  const server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    logger,
    services: [
      {
        definition: IdentityServiceService,
        implementation: implement(IdentityServiceService, handlers(gate, onSlowCall), logger),
      },
    ],
  });
  const client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${server.port}`);
  return { server, client, address: `127.0.0.1:${server.port}` };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );

describe('gRPC serving', () => {
  it('answers, and maps domain errors to status codes with their message', async () => {
    const { server, client } = await start();
    expect((await client.getUser({ userId: 'u1' })).user?.id).toBe('u1');
    expect(await failure(client.getUser({ userId: 'missing' }))).toEqual({
      code: status.NOT_FOUND,
      details: 'User not found',
    });
    expect(await failure(client.getUser({ userId: 'bad' }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: 'Bad user id',
    });
    // Unexpected errors do not leak their details.
    expect(await failure(client.getUser({ userId: 'crash' }))).toEqual({
      code: status.INTERNAL,
      details: 'Internal error',
    });
    client.close();
    await server.shutdown();
  });

  it('serves the standard health service', async () => {
    const { server, client, address } = await start();
    expect(await checkHealth(address)).toBe('SERVING');
    client.close();
    await server.shutdown();
    expect(await checkHealth(address)).toBe('UNAVAILABLE');
  });

  it('lets an in-flight call finish on shutdown, then refuses new calls', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const handlerReached = new Promise<void>((resolve) => (reached = resolve));
    const { server, client } = await start(gate, reached);
    const inFlight = client.getUser({ userId: 'slow' });
    await handlerReached;
    const stopped = server.shutdown(5_000);
    const refused = await failure(client.getUser({ userId: 'late' }));
    expect(refused?.code).toBe(status.UNAVAILABLE);
    release();
    await expect(inFlight).resolves.toMatchObject({ user: { id: 'slow' } });
    await stopped;
    client.close();
  });
});
