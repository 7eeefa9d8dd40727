import { InvalidArgument, type Logger, Unavailable } from '@chorus/service-kit';
import { type InvitationRequest, readInvitation } from './domain/invitations';
import type { Mailer } from './mailer';

/**
 * Sends the invitation e-mail catalog's invitation asks for. Unlike a reset,
 * the answer waits for the mail server: the inviter is told when it failed
 * and can send it again.
 */
export class Invitations {
  constructor(private readonly deps: { mailer: Mailer; logger: Logger }) {}

  async send(request: InvitationRequest): Promise<void> {
    const invitation = readInvitation(request);
    if ('problem' in invitation) throw new InvalidArgument(invitation.problem);
    try {
      await this.deps.mailer.sendInvitation(invitation);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'could not send invitation e-mail');
      throw new Unavailable('The invitation e-mail could not be sent. Try again in a moment.');
    }
  }
}
