import { enqueueEvent, type Knex } from '@chorus/service-kit';
import type { SessionRow, UserRow } from './store/accounts';

// Identity publishes on identity.v1, keyed by user id.

export function userRegistered(trx: Knex.Transaction, user: UserRow) {
  return enqueueEvent(trx, user.id, {
    $case: 'userRegistered',
    value: {
      userId: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
    },
  });
}

export function sessionRevoked(trx: Knex.Transaction, session: SessionRow) {
  return enqueueEvent(trx, session.sess.subject, {
    $case: 'sessionRevoked',
    value: {
      sessionId: session.sid,
      userId: session.sess.subject,
      expiresAt: session.expire,
    },
  });
}
