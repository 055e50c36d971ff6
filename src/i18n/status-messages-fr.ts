import type { StatusMessageKey } from './status-messages-en';

/** The status page's words in French. */
export const STATUS_FR: Readonly<Record<StatusMessageKey, string>> = {
  statusTitle: 'Où en est votre demande',
  statusProgramme: 'Votre demande au programme {programme}',
  statusReference: 'Référence',
  statusReceivedOn: 'Reçue le',
  statusNow: 'Statut',
  statusReceived: 'Reçue : votre demande est arrivée et attend d’être examinée.',
  statusInReview: 'En cours d’examen : l’équipe étudie votre demande.',
  statusAccepted: 'Acceptée : bienvenue dans le programme !',
  statusDeclined: 'Refusée : votre demande n’a pas été retenue cette fois-ci.',
  statusWithdrawn: 'Plus conservée : cette demande a été effacée des dossiers du programme, avec son historique.',
  statusTeamMessage: 'Un message de l’équipe',
  statusHistory: 'Historique',
  historyReceived: 'Reçue',
  historyInReview: 'En cours d’examen',
  historyAccepted: 'Acceptée',
  historyDeclined: 'Refusée',
  statusLastChecked: 'Dernière vérification : {moment}',
  statusCheckAgain: 'Vérifier de nouveau',
  statusChecking: 'Vérification de l’état de votre demande…',
  statusOfflineKept: 'Vous êtes hors ligne : voici où en était votre demande lors de la dernière vérification.',
  statusFailedKept: 'Le statut n’a pas pu être vérifié pour l’instant : voici où en était votre demande lors de la dernière vérification.',
  statusBusyKept: 'Trop de vérifications en peu de temps : voici où en était votre demande lors de la dernière vérification. Réessayez dans un instant.',
  statusOffline:
    'Vous êtes hors ligne, et cet appareil n’a encore jamais vérifié cette demande. Connectez-vous à Internet, puis appuyez sur Vérifier de nouveau.',
  statusFailed: 'Le statut n’a pas pu être vérifié pour l’instant. Veuillez réessayer dans un instant.',
  statusBusy: 'Trop de vérifications en peu de temps. Veuillez réessayer dans un instant.',
  statusUnknownLink:
    'Ce lien de suivi est inconnu. Il est peut-être incomplet : ouvrez-le de nouveau, en entier, depuis la dernière étape de votre demande ou votre courriel.',
  statusNoLink: 'Cette page montre où en est une demande lorsqu’on l’ouvre avec son lien, depuis la dernière étape de la demande ou votre courriel.',
};
