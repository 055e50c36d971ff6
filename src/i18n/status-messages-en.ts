/**
 * The status page's words in English (status/index.html): where an application stands. Its own
 * small catalogue, so the page carries none of the wizard's; a programme replaces any of them by
 * key in config.json's `messages`, as it does the wizard's (docs/configuration.md, "Messages").
 */
export const STATUS_EN = {
  statusTitle: 'Where your application stands',
  statusProgramme: 'Your application to {programme}',
  statusReference: 'Reference',
  statusReceivedOn: 'Received',
  statusNow: 'Status',
  statusReceived: 'Received: your application has arrived and is waiting to be reviewed.',
  statusInReview: 'In review: the team is looking at your application.',
  statusAccepted: 'Accepted: welcome to the programme!',
  statusDeclined: 'Declined: your application was not accepted this time.',
  statusWithdrawn: 'No longer held: this application was erased from the programme’s records, and its history with it.',
  statusTeamMessage: 'A message from the team',
  statusHistory: 'History',
  historyReceived: 'Received',
  historyInReview: 'In review',
  historyAccepted: 'Accepted',
  historyDeclined: 'Declined',
  statusLastChecked: 'Last checked {moment}',
  statusCheckAgain: 'Check again',
  statusChecking: 'Checking where your application stands…',
  statusOfflineKept: 'You are offline: this is where your application stood when it was last checked.',
  statusFailedKept: 'The status could not be checked just now: this is where your application stood when it was last checked.',
  statusBusyKept: 'Too many checks in a short time: this is where your application stood when it was last checked. Try again in a moment.',
  statusOffline: 'You are offline, and this device has not checked this application before. Connect to the internet, then press Check again.',
  statusFailed: 'The status could not be checked just now. Please try again in a moment.',
  statusBusy: 'Too many checks in a short time. Please try again in a moment.',
  statusUnknownLink: 'This status link is not known. It may be incomplete: open it again, whole, from your application’s last step or your e-mail.',
  statusNoLink: 'This page shows where an application stands when opened with its link, from the application’s last step or your e-mail.',
} as const;

/** A key of the status page's words. */
export type StatusMessageKey = keyof typeof STATUS_EN;
