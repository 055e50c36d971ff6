/**
 * Every required answer of the Details step of the example programme that asks for files
 * (docs/examples/config.files.json) but its files, in the order the step asks them. Written once
 * for the Chromium journeys (tests/e2e/helpers/files-programme.ts) and the other engines'
 * (tests/engines/files-journey.ts), each of which gives them with its own driver.
 *
 * @typedef {{ kind: 'choose', label: string, option: string } | { kind: 'answer', question: string, choice: 'Yes' | 'No' } | { kind: 'type', label: string, text: string }} DetailsAnswer
 * @type {readonly DetailsAnswer[]}
 */
export const DETAILS_BUT_FILES = Object.freeze([
  { kind: 'choose', label: 'Pronouns', option: 'She/her' },
  { kind: 'choose', label: 'Which window treatments interest you?', option: 'Shades' },
  { kind: 'choose', label: 'What is your content niche?', option: 'Home décor' },
  { kind: 'choose', label: 'When would you like your window treatments installed?', option: 'In one to three months' },
  { kind: 'choose', label: 'Have you bought from Hartwell before?', option: 'No' },
  { kind: 'answer', question: 'Have you worked with other window-treatment companies?', choice: 'No' },
  { kind: 'answer', question: 'Do you have window treatments installed now?', choice: 'Yes' },
  { kind: 'type', label: 'What do you have now, and in which rooms?', text: 'Old vinyl blinds in the living room' },
  { kind: 'answer', question: 'Do you have children at home?', choice: 'No' },
  { kind: 'answer', question: 'Do you have pets?', choice: 'No' },
]);
