import type { StatusMessageKey } from './status-messages-en';

/** The status page's words in Spanish. */
export const STATUS_ES: Readonly<Record<StatusMessageKey, string>> = {
  statusTitle: 'En qué punto está tu solicitud',
  statusProgramme: 'Tu solicitud a {programme}',
  statusReference: 'Referencia',
  statusReceivedOn: 'Recibida',
  statusNow: 'Estado',
  statusReceived: 'Recibida: tu solicitud ha llegado y espera su revisión.',
  statusInReview: 'En revisión: el equipo está estudiando tu solicitud.',
  statusAccepted: 'Aceptada: ¡te damos la bienvenida al programa!',
  statusDeclined: 'Rechazada: tu solicitud no fue aceptada esta vez.',
  statusWithdrawn: 'Ya no se conserva: esta solicitud se borró de los registros del programa, junto con su historial.',
  statusTeamMessage: 'Un mensaje del equipo',
  statusHistory: 'Historial',
  historyReceived: 'Recibida',
  historyInReview: 'En revisión',
  historyAccepted: 'Aceptada',
  historyDeclined: 'Rechazada',
  statusLastChecked: 'Última comprobación: {moment}',
  statusCheckAgain: 'Comprobar de nuevo',
  statusChecking: 'Comprobando en qué punto está tu solicitud…',
  statusOfflineKept: 'No tienes conexión: así estaba tu solicitud en la última comprobación.',
  statusFailedKept: 'No se pudo comprobar el estado ahora mismo: así estaba tu solicitud en la última comprobación.',
  statusBusyKept: 'Demasiadas comprobaciones en poco tiempo: así estaba tu solicitud en la última comprobación. Inténtalo de nuevo en un momento.',
  statusOffline: 'No tienes conexión y este dispositivo aún no ha comprobado esta solicitud. Conéctate a internet y pulsa Comprobar de nuevo.',
  statusFailed: 'No se pudo comprobar el estado ahora mismo. Inténtalo de nuevo en un momento.',
  statusBusy: 'Demasiadas comprobaciones en poco tiempo. Inténtalo de nuevo en un momento.',
  statusUnknownLink:
    'Este enlace de seguimiento no es conocido. Puede que esté incompleto: vuelve a abrirlo, entero, desde el último paso de tu solicitud o tu correo.',
  statusNoLink: 'Esta página muestra en qué punto está una solicitud cuando se abre con su enlace, desde el último paso de la solicitud o tu correo.',
};
