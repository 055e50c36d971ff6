import type { MailCatalogue } from './mail-messages-en.ts';

/** The creator's e-mails in Spanish (mail-messages-en.ts says what each is). */
export const MAIL_ES: MailCatalogue = {
  mailReceiptSubject: '{programme}: hemos recibido tu solicitud',
  mailReceiptBody:
    'Gracias por presentar tu solicitud a {programme}. Nos ha llegado correctamente.\n\nSu referencia es {reference}: indícala si escribes al equipo.\n\nConsulta en cualquier momento en qué punto está tu solicitud:\n{link}',
  mailAcceptedSubject: '{programme}: tu solicitud ha sido aceptada',
  mailAcceptedBody:
    'Buenas noticias: tu solicitud a {programme} ha sido aceptada.\n\nReferencia: {reference}\n\nConsulta en qué punto está tu solicitud:\n{link}',
  mailDeclinedSubject: '{programme}: sobre tu solicitud',
  mailDeclinedBody:
    'Gracias por tu interés en {programme}. Tras leer tu solicitud, el equipo no seguirá adelante con ella esta vez.\n\nReferencia: {reference}\n\nConsulta en qué punto está tu solicitud:\n{link}',
  mailTeamMessage: 'Un mensaje del equipo:\n\n{message}',
  mailFooter: 'Recibes este correo porque esta dirección se indicó en una solicitud a {programme}.',
};
