import type { Language } from '@fleetdesk/contract';
import { mailText, quoteIn, textsIn, type MailCatalogue, type MailContent } from '../../lib/mail-language.ts';

/**
 * The registration confirmation mail (spec §4 "resend confirmation") in the customer's language.
 * docs/decisions/0077-customer-mail-language.md.
 */
export interface ConfirmationMail {
  language: Language;
  /** The operator's name: the customer registered with it and confirms in its app. */
  operator: string;
  givenName: string;
  username: string;
}

interface Texts {
  subject: (operator: string) => string;
  greeting: (name: string) => string;
  body: (operator: string, username: string) => string[];
  notYou: string;
}

const TEXTS: MailCatalogue<Texts> = {
  'en-GB': {
    subject: (operator) => `${operator}: confirm your registration`,
    greeting: (name) => `Hello ${name},`,
    body: (operator, username) => [
      `your registration with ${operator} as ${username} is waiting for your confirmation.`,
      `Open the ${operator} app and confirm your e-mail address to complete it.`,
    ],
    notYou: 'If you did not register, ignore this e-mail.',
  },
  de: {
    subject: (operator) => `${operator}: Bestätigen Sie Ihre Registrierung`,
    greeting: (name) => `Hallo ${name},`,
    body: (operator, username) => [
      `Ihre Registrierung bei ${operator} als ${username} wartet auf Ihre Bestätigung.`,
      `Öffnen Sie die App von ${operator} und bestätigen Sie Ihre E-Mail-Adresse, um sie abzuschließen.`,
    ],
    notYou: 'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
  },
  nb: {
    subject: (operator) => `${operator}: bekreft registreringen din`,
    greeting: (name) => `Hei ${name},`,
    body: (operator, username) => [
      `Registreringen din hos ${operator} som ${username} venter på bekreftelsen din.`,
      `Åpne appen til ${operator} og bekreft e-postadressen din for å fullføre den.`,
    ],
    notYou: 'Hvis du ikke har registrert deg, kan du se bort fra denne e-posten.',
  },
  sv: {
    subject: (operator) => `${operator}: bekräfta din registrering`,
    greeting: (name) => `Hej ${name},`,
    body: (operator, username) => [
      `Din registrering hos ${operator} som ${username} väntar på din bekräftelse.`,
      `Öppna appen från ${operator} och bekräfta din e-postadress för att slutföra den.`,
    ],
    notYou: 'Om du inte har registrerat dig kan du bortse från det här e-postmeddelandet.',
  },
};

export function confirmationMail(mail: ConfirmationMail): MailContent {
  const texts = textsIn(TEXTS, mail.language);
  const username = quoteIn(mail.language, mail.username);
  return {
    subject: texts.subject(mail.operator),
    text: mailText([texts.greeting(mail.givenName), texts.body(mail.operator, username), texts.notYou]),
  };
}
