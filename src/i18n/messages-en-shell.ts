/**
 * The English words the page needs before the application form's code arrives: Welcome, the
 * step bar, the app's status lines, the loading, error and configuration-error screens. They
 * are in the entry, so they are as few as that allows; the form's words (messages-en-form.ts)
 * come with the form (app/form-words.tsx). Other languages load whole (built-in-catalogues.ts).
 */
export const EN_SHELL = {
  continue: 'Continue',
  signIn: 'Sign In',
  back: 'Back',
  languages: 'Language',
  progress: 'Application progress',
  completed: '(completed)',
  offline: 'You are offline. Everything you type is kept on this device.',
  offlineReady: 'Ready to work offline',
  updateReady: 'A new version is available.',
  reload: 'Reload',
  loadingApp: 'Loading the application…',
  loadingForm: 'Loading the form…',
  formLoadFailed: 'The application form could not be loaded. Check your connection and press Continue again.',
  crashed: 'Something went wrong',
  stepCrashed: 'This part of the step could not be shown',
  keptReload: 'What you typed is kept on this device. Reload the page to carry on.',
  configBroken: 'This application cannot open yet',
  configProblems: { one: 'Its configuration file, config.json, has a problem:', other: 'Its configuration file, config.json, has {count} problems:' },
  configBrokenHelp: 'If you run this site, correct config.json and reload. If you are applying, please try again later.',
  needsScript: 'This application needs JavaScript to run.',
  // The last step, once the receiver gave a receipt (app/status-receipt-line.tsx).
  yourReference: 'Your reference: {reference}',
  seeStatus: 'See where your application stands',
} as const;
