import { testLogger } from '@chorus/service-kit/testing';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { type Invitation, invitationEmail } from '../src/domain/invitations';
import { createMailer } from '../src/mailer';

const invitation: Invitation = {
  to: 'grace@example.com',
  link: 'http://localhost:8080/invitations/abc_-1',
  productName: 'Lantern',
  inviterName: 'Ada Lovelace',
  role: 'roadmap',
  roadmap: { name: 'Mobile 2026 — the long and winding road to offline mode', permission: 'edit' },
  expiresAt: new Date('2027-03-10T09:05:00Z'),
};

/** A mail server that speaks just enough SMTP to accept messages and keep them. */
async function smtpServer(): Promise<{ server: Server; url: string; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let pending = '';
    let data: string[] | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = undefined;
            reply('250 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
        } else if (/^DATA/i.test(line)) {
          data = [];
          reply('354 end with .');
        } else if (/^QUIT/i.test(line)) {
          reply('221 bye');
          socket.end();
        } else {
          reply(/^(EHLO|HELO)/i.test(line) ? '250 localhost' : '250 OK');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, messages };
}

/** The text of a received message, undoing quoted-printable if the sender chose it. */
function bodyOf(message: string): { headers: string; text: string } {
  const split = message.indexOf('\r\n\r\n');
  const headers = message.slice(0, split);
  let body = message.slice(split + 4);
  if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
    body = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, text: Buffer.from(body, 'latin1').toString('utf8').replace(/\r\n/g, '\n') };
}

describe('the invitation e-mail', () => {
  it('goes through SMTP as plain text when a mail server is configured', async () => {
    const smtp = await smtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Chorus <no-reply@chorus.test>',
        logger: testLogger(),
      });
      await mailer.sendInvitation(invitation);

      expect(smtp.messages).toHaveLength(1);
      const { headers, text } = bodyOf(smtp.messages[0]!);
      expect(headers).toMatch(/^To: grace@example\.com$/m);
      expect(headers).toMatch(/^From: Chorus <no-reply@chorus\.test>$/m);
      expect(headers).toMatch(/^Subject: Ada Lovelace invited you to Lantern on Chorus$/m);
      expect(headers).toMatch(/^Content-Type: text\/plain/m);
      expect(text.trimEnd()).toBe(invitationEmail(invitation).text);
      expect(text).toContain(
        'Ada Lovelace invited you to the roadmap "Mobile 2026 — the long and winding road to offline mode" of Lantern on Chorus (edit).',
      );
      expect(text).toContain('http://localhost:8080/invitations/abc_-1');
      expect(text).toContain('The invitation expires on Mar 10, 2027, 9:05 AM UTC.');
      expect(text).toContain('If you did not expect it, ignore this e-mail.');
    } finally {
      smtp.server.close();
    }
  });

  it('is written to the log, as reset links are, without a mail server', async () => {
    const logger = testLogger();
    const info = jest.spyOn(logger, 'info');
    const mailer = createMailer({ from: 'Chorus <no-reply@chorus.test>', logger });

    await mailer.sendInvitation(invitation);

    expect(info).toHaveBeenCalledWith(
      { to: 'grace@example.com', link: 'http://localhost:8080/invitations/abc_-1' },
      'invitation link (no SMTP configured)',
    );
  });
});
