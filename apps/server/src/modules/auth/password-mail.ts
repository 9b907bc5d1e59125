import type { Language } from '@fleetdesk/contract';
import { hoursIn, mailText, quoteIn, textsIn, type MailCatalogue, type MailContent } from '../../lib/mail-language.ts';

/**
 * The password mails in the recipient's language (their profile's, else the operator's default):
 * - RESET: the reset link someone asked for at /forgot-password (a customer or a staff member), or that support sent
 *   a customer (POST /api/users/{username}/password-reset);
 * - ADMIN_RESET: the reset link an administrator sent a staff member;
 * - SET_PASSWORD: the first set-password link of a new staff member.
 * docs/decisions/0077-customer-mail-language.md.
 */
export type PasswordMail = {
  language: Language;
  givenName: string;
  username: string;
  link: string;
  /** How long the link lives, in whole hours. */
  validHours: number;
} & ({ kind: 'RESET' } | { kind: 'ADMIN_RESET'; operator: string } | { kind: 'SET_PASSWORD'; operator: string; loginUrl: string });

interface Texts {
  greeting: (name: string) => string;
  resetSubject: string;
  reset: (account: string, within: string) => string[];
  resetNotYou: string;
  adminReset: (operator: string, account: string, within: string) => string[];
  adminResetNotYou: string;
  setSubject: (operator: string) => string;
  set: (operator: string, account: string, within: string) => string[];
  setThen: (loginUrl: string, account: string) => string;
}

const TEXTS: MailCatalogue<Texts> = {
  'en-GB': {
    greeting: (name) => `Hello ${name},`,
    resetSubject: 'Fleetdesk: reset your password',
    reset: (account, within) => [`Someone asked to reset the password of the account ${account}.`, `Set a new password within ${within} here:`],
    resetNotYou: 'If this was not you, ignore this e-mail.',
    adminReset: (operator, account, within) => [
      `an administrator of ${operator} sent you a link to set a new password for the account ${account}.`,
      `Set a new password within ${within} here:`,
    ],
    adminResetNotYou: 'If you did not expect this, tell your administrator.',
    setSubject: (operator) => `Fleetdesk: set your password for ${operator}`,
    set: (operator, account, within) => [
      `an account ${account} has been made for you in the Fleetdesk console of ${operator}.`,
      `Choose your password within ${within} here:`,
    ],
    setThen: (loginUrl, account) => `Then log in at ${loginUrl} with the user name ${account}.`,
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    resetSubject: 'Fleetdesk: Passwort zurücksetzen',
    reset: (account, within) => [
      `jemand hat darum gebeten, das Passwort des Kontos ${account} zurückzusetzen.`,
      `Legen Sie hier innerhalb von ${within} ein neues Passwort fest:`,
    ],
    resetNotYou: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.',
    adminReset: (operator, account, within) => [
      `ein Administrator von ${operator} hat Ihnen einen Link geschickt, mit dem Sie ein neues Passwort für das Konto ${account} festlegen.`,
      `Legen Sie hier innerhalb von ${within} ein neues Passwort fest:`,
    ],
    adminResetNotYou: 'Wenn Sie das nicht erwartet haben, wenden Sie sich an Ihren Administrator.',
    setSubject: (operator) => `Fleetdesk: Legen Sie Ihr Passwort für ${operator} fest`,
    set: (operator, account, within) => [
      `für Sie wurde in der Fleetdesk-Konsole von ${operator} das Konto ${account} angelegt.`,
      `Wählen Sie hier innerhalb von ${within} Ihr Passwort:`,
    ],
    setThen: (loginUrl, account) => `Melden Sie sich danach unter ${loginUrl} mit dem Benutzernamen ${account} an.`,
  },
  nb: {
    greeting: (name) => `Hei ${name},`,
    resetSubject: 'Fleetdesk: tilbakestill passordet ditt',
    reset: (account, within) => [`Noen har bedt om å tilbakestille passordet til kontoen ${account}.`, `Velg et nytt passord innen ${within} her:`],
    resetNotYou: 'Hvis det ikke var deg, kan du se bort fra denne e-posten.',
    adminReset: (operator, account, within) => [
      `En administrator hos ${operator} har sendt deg en lenke for å velge et nytt passord for kontoen ${account}.`,
      `Velg et nytt passord innen ${within} her:`,
    ],
    adminResetNotYou: 'Hvis du ikke ventet dette, si fra til administratoren din.',
    setSubject: (operator) => `Fleetdesk: velg passordet ditt for ${operator}`,
    set: (operator, account, within) => [
      `Det er opprettet en konto ${account} til deg i Fleetdesk-konsollen til ${operator}.`,
      `Velg passordet ditt innen ${within} her:`,
    ],
    setThen: (loginUrl, account) => `Logg deretter inn på ${loginUrl} med brukernavnet ${account}.`,
  },
  sv: {
    greeting: (name) => `Hej ${name},`,
    resetSubject: 'Fleetdesk: återställ ditt lösenord',
    reset: (account, within) => [`Någon har bett om att återställa lösenordet för kontot ${account}.`, `Välj ett nytt lösenord inom ${within} här:`],
    resetNotYou: 'Om det inte var du kan du bortse från det här e-postmeddelandet.',
    adminReset: (operator, account, within) => [
      `En administratör hos ${operator} har skickat dig en länk för att välja ett nytt lösenord för kontot ${account}.`,
      `Välj ett nytt lösenord inom ${within} här:`,
    ],
    adminResetNotYou: 'Om du inte väntade dig detta, kontakta din administratör.',
    setSubject: (operator) => `Fleetdesk: välj ditt lösenord för ${operator}`,
    set: (operator, account, within) => [
      `Ett konto ${account} har skapats åt dig i Fleetdesk-konsolen för ${operator}.`,
      `Välj ditt lösenord inom ${within} här:`,
    ],
    setThen: (loginUrl, account) => `Logga sedan in på ${loginUrl} med användarnamnet ${account}.`,
  },
};

export function passwordMail(mail: PasswordMail): MailContent {
  const texts = textsIn(TEXTS, mail.language);
  const account = quoteIn(mail.language, mail.username);
  const within = hoursIn(mail.language, mail.validHours);
  const greeting = texts.greeting(mail.givenName);
  switch (mail.kind) {
    case 'RESET':
      return { subject: texts.resetSubject, text: mailText([greeting, texts.reset(account, within), mail.link, texts.resetNotYou]) };
    case 'ADMIN_RESET':
      return {
        subject: texts.resetSubject,
        text: mailText([greeting, texts.adminReset(mail.operator, account, within), mail.link, texts.adminResetNotYou]),
      };
    case 'SET_PASSWORD':
      return {
        subject: texts.setSubject(mail.operator),
        text: mailText([greeting, texts.set(mail.operator, account, within), mail.link, texts.setThen(mail.loginUrl, account)]),
      };
  }
}
