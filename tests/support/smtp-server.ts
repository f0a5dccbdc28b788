import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback (the `smtp-server` package), so Labs's real
// mail client (nodemailer over SMTP_URL) sends to it as it would to a
// provider. Every message it accepts is parsed (mailparser) and kept, to be
// read back by address.

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string };

export type MailServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Mail received for this address, oldest first. */
  mailTo: (address: string) => ReceivedMail[];
  stop: () => Promise<void>;
};

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback with no login, as a local relay takes mail.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailTo: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a mail's text. */
export function signInLinkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/labs\/signin\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${mail.text}`);
  return link;
}
