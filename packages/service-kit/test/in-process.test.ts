import { IdentityServiceClient, IdentityServiceService } from '@chorus/proto/identity/v1/identity';
import { Metadata, status } from '@grpc/grpc-js';
import {
  type AsyncServiceImplementation,
  type CallContext,
  createPromiseClient,
  createServiceClient,
  implement,
  InProcessServices,
  InvalidArgument,
  NotFound,
  startGrpcServer,
} from '../src';
import { testLogger } from '../src/testing';

// The embedded run's in-process calls against real gRPC on the same
// handlers: the same answers, the same failures (status, details, message),
// deadlines, metadata, and nothing shared between caller and service.

const user = (id: string) => ({
  id,
  email: 'a@b.c',
  firstName: 'A',
  lastName: 'B',
  friendOfOurs: false,
  profileImageUrl: '',
  promoCode: '',
  discountPercent: 0,
});

interface Seen {
  contexts: CallContext[];
  requests: unknown[];
}

function handlers(seen: Seen, kept: ReturnType<typeof user>) {
  const unused = () => Promise.reject(new Error('not used in this test'));
  const implementation: AsyncServiceImplementation<typeof IdentityServiceService> = {
    getUser: async (request, context) => {
      seen.contexts.push(context);
      seen.requests.push(request);
      const { userId } = request;
      if (userId === 'missing') throw new NotFound('User not found');
      if (userId === 'bad') throw new InvalidArgument('Bad user id');
      if (userId === 'crash') throw new Error('secret internal detail');
      if (userId === 'database-down') {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }
      if (userId === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // An object the service keeps (a cache, say): a caller must not change it.
      if (userId === 'kept') return { user: kept };
      // A field the message does not have: a decode would drop it.
      if (userId === 'extra') return { user: { ...user(userId), passwordHash: 'x' } };
      return { user: user(userId) };
    },
    register: unused,
    sendInvitation: unused,
    login: unused,
    logout: unused,
    listRevokedSessions: async () => ({
      sessions: [{ sessionId: 's1', expiresAt: new Date('2030-01-01T00:00:00Z') }],
    }),
    requestPasswordReset: unused,
    validateResetToken: unused,
    resetPassword: unused,
    adminLogin: unused,
    getUserStats: unused,
    recordAdminAction: unused,
    listAdminActions: unused,
  };
  return implementation;
}

async function start() {
  const logger = testLogger();
  const seen: Seen = { contexts: [], requests: [] };
  const kept = user('kept');
  const implementation = handlers(seen, kept);
  const server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    logger,
    services: [
      {
        definition: IdentityServiceService,
        implementation: implement(IdentityServiceService, implementation, logger),
      },
    ],
  });
  const address = `127.0.0.1:${server.port}`;
  const inProcess = new InProcessServices();
  const served = inProcess.serve(IdentityServiceService, implementation, logger);
  const local = createServiceClient(IdentityServiceClient, address, {}, inProcess);
  const remote = createPromiseClient(IdentityServiceClient, address);
  const stop = async () => {
    local.close();
    remote.close();
    await served.withdraw();
    await server.shutdown();
  };
  return { local, remote, seen, kept, served, stop };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (answer) => ({ answer }),
    (error: Error & { code: number; details: string; metadata: Metadata }) => ({
      code: error.code,
      details: error.details,
      message: error.message,
      isError: error instanceof Error,
      metadata: error.metadata instanceof Metadata,
    }),
  );

describe('in-process calls keep the gRPC contract', () => {
  it('answer and fail as gRPC does, status, details and message alike', async () => {
    const { local, remote, stop } = await start();
    try {
      for (const userId of ['u1', 'missing', 'bad', 'crash', 'database-down']) {
        const [inProcess, overGrpc] = await Promise.all([
          outcome(local.getUser({ userId })),
          outcome(remote.getUser({ userId })),
        ]);
        expect(inProcess).toEqual(overGrpc);
      }
      expect(await outcome(local.getUser({ userId: 'database-down' }))).toMatchObject({
        code: status.UNAVAILABLE,
        details: 'Database unavailable',
      });
      // Timestamps arrive as Dates either way.
      expect(await local.listRevokedSessions({})).toEqual(await remote.listRevokedSessions({}));
    } finally {
      await stop();
    }
  });

  it('fails a message that differs from its protobuf round trip when verifying, as tests do', async () => {
    const before = process.env.CHORUS_IN_PROCESS_VERIFY;
    process.env.CHORUS_IN_PROCESS_VERIFY = '1';
    const { local, remote, stop } = await start();
    try {
      expect(await outcome(local.getUser({ userId: 'extra' }))).toMatchObject({
        code: status.INTERNAL,
        details:
          '/chorus.identity.v1.IdentityService/GetUser response differs from its protobuf round trip at user.passwordHash',
      });
      // Over the wire the field is dropped; a message that round-trips passes.
      expect(await remote.getUser({ userId: 'extra' })).not.toHaveProperty('user.passwordHash');
      expect(await local.getUser({ userId: 'u1' })).toEqual(await remote.getUser({ userId: 'u1' }));
      // A request is checked too: a field its message lacks.
      const odd = { userId: 'u1', role: 'admin' } as Parameters<typeof local.getUser>[0];
      expect(await outcome(local.getUser(odd))).toMatchObject({
        code: status.INTERNAL,
        details:
          '/chorus.identity.v1.IdentityService/GetUser request differs from its protobuf round trip at role',
      });
    } finally {
      if (before === undefined) delete process.env.CHORUS_IN_PROCESS_VERIFY;
      else process.env.CHORUS_IN_PROCESS_VERIFY = before;
      await stop();
    }
  });

  it('calls the handler in process, with the metadata, and shares no object', async () => {
    const { local, seen, kept, stop } = await start();
    try {
      const metadata = new Metadata();
      metadata.set('x-request-id', 'r-1');
      const request = { userId: 'kept' };
      const answer = await local.getUser(request, { metadata });
      expect(seen.contexts).toHaveLength(1);
      expect(seen.contexts[0]!.metadata.get('x-request-id')).toEqual(['r-1']);
      // What the caller holds and what the service holds are copies.
      expect(seen.requests[0]).toEqual(request);
      expect(seen.requests[0]).not.toBe(request);
      answer.user!.email = 'changed@b.c';
      expect(kept.email).toBe('a@b.c');
      const sessions = await local.listRevokedSessions({});
      sessions.sessions[0]!.expiresAt!.setFullYear(2000);
      expect((await local.listRevokedSessions({})).sessions[0]!.expiresAt).toEqual(
        new Date('2030-01-01T00:00:00Z'),
      );
    } finally {
      await stop();
    }
  });

  it('fails DEADLINE_EXCEEDED past the deadline and aborts the handler, as gRPC does', async () => {
    const { local, remote, seen, stop } = await start();
    try {
      const [inProcess, overGrpc] = await Promise.all([
        outcome(local.getUser({ userId: 'slow' }, { timeoutMs: 50 })),
        outcome(remote.getUser({ userId: 'slow' }, { timeoutMs: 50 })),
      ]);
      expect(inProcess).toMatchObject({ code: status.DEADLINE_EXCEEDED });
      expect(overGrpc).toMatchObject({ code: status.DEADLINE_EXCEEDED });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.contexts.every((context) => context.signal.aborted)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('goes over gRPC once withdrawn, after letting a call under way finish', async () => {
    const { local, seen, served, stop } = await start();
    try {
      const underWay = local.getUser({ userId: 'slow' });
      await served.withdraw();
      await expect(underWay).resolves.toMatchObject({ user: { id: 'slow' } });
      // Withdrawn: the same client now reaches the service through its gRPC server.
      expect((await local.getUser({ userId: 'u2' })).user?.id).toBe('u2');
      expect(seen.contexts.at(-1)!.metadata.get('user-agent')).not.toEqual([]);
    } finally {
      await stop();
    }
  });
});
