import { createTransport, type Transporter } from "nodemailer";
import { createTranslator } from "use-intl/core";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// Mail leaves through one SMTP server, SMTP_URL (nodemailer): the household's
// provider, or a relay of its own. Only sign-in links are sent.

let transporter: Transporter | undefined;

function mailer(): Transporter {
  const url = env().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set: no mail can be sent");
  transporter ??= createTransport(url);
  return transporter;
}

/**
 * Mails a sign-in link, in the language the person asked in. Nothing a
 * stranger typed is in it (not even the name given at sign-up): whoever
 * signs up someone else's address cannot write to them through us.
 */
export async function sendSignInLink(options: { to: string; url: string; locale: Locale }) {
  const { locale, to, url } = options;
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "labs.accounts.mail" });
  await mailer().sendMail({ from: env().MAIL_FROM, to, subject: t("subject"), text: t("body", { url }) });
}
