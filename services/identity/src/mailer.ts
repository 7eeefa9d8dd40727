import type { Logger } from '@chorus/service-kit';
import nodemailer from 'nodemailer';
import { type Invitation, invitationEmail } from './domain/invitations';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
  sendInvitation(invitation: Invitation): Promise<void>;
}

/** SMTP when configured; otherwise the link goes to the log, which is how development resets and invitations work. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      sendPasswordReset(to, link) {
        logger.info({ to, link }, 'password reset link (no SMTP configured)');
        return Promise.resolve();
      },
      sendInvitation({ to, link }) {
        logger.info({ to, link }, 'invitation link (no SMTP configured)');
        return Promise.resolve();
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendPasswordReset(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: 'Reset your Chorus password',
        text: `Someone asked to reset the password of your Chorus account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
      });
    },
    async sendInvitation(invitation) {
      await transport.sendMail({ from, to: invitation.to, ...invitationEmail(invitation) });
    },
  };
}
