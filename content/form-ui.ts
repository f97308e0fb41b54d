import type { Localized } from '../app/site/i18n.ts'

/** The words every form shares: legend, lock line, dialogs, hints. */
export const formUiCopy = {
  en: {
    requiredLegend: 'Indicates required field',
    secureLine: 'Your information is secure',
    secureTipLabel: 'How we protect your information',
    secureTip:
      'What you send here goes only to our agency. We never pass your private information on to others, and we never sell it.',
    selectPlaceholder: 'Please select one...',
    sending: 'Sending…',
    successMessage: 'Message sent successfully!',
    failureMessage: 'Something went wrong. Please try again later.',
    dialogClose: 'OK',
    fixFields: 'Please fill out all required fields.',
    honeypotLabel: 'Leave this field empty',
    optional: '(optional)',
  },
} satisfies Localized<unknown>

export type FormUiCopy = (typeof formUiCopy)['en']
