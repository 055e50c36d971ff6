import type { MailCatalogue } from './mail-messages-en.ts';

/** The creator's e-mails in French (mail-messages-en.ts says what each is). */
export const MAIL_FR: MailCatalogue = {
  mailReceiptSubject: '{programme} : nous avons reçu votre candidature',
  mailReceiptBody:
    'Merci de votre candidature à {programme}. Elle nous est bien parvenue.\n\nSa référence est {reference} : indiquez-la si vous écrivez à l’équipe.\n\nVoyez à tout moment où en est votre candidature :\n{link}',
  mailAcceptedSubject: '{programme} : votre candidature est acceptée',
  mailAcceptedBody: 'Bonne nouvelle : votre candidature à {programme} est acceptée.\n\nRéférence : {reference}\n\nVoyez où en est votre candidature :\n{link}',
  mailDeclinedSubject: '{programme} : au sujet de votre candidature',
  mailDeclinedBody:
    'Merci de l’intérêt que vous portez à {programme}. Après lecture de votre candidature, l’équipe ne lui donnera pas suite cette fois-ci.\n\nRéférence : {reference}\n\nVoyez où en est votre candidature :\n{link}',
  mailTeamMessage: 'Un message de l’équipe :\n\n{message}',
  mailFooter: 'Vous recevez ce courriel parce que cette adresse a été donnée dans une candidature à {programme}.',
};
