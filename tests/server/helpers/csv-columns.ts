/**
 * The first columns of the desk's CSV export, in order (docs/api.md "CSV export"): the lead's id, the lead, its
 * work, where it came from, then the visitor's name and address in the same columns whatever the
 * form. The form's other fields follow.
 */
export const deskColumns = [
  'Lead ID',
  'Reference',
  'Received',
  'Received (ISO 8601)',
  'Form',
  'Form key',
  'Line',
  'Language',
  'Status',
  'Spam',
  'Assigned to',
  'Assigned to (e-mail)',
  'First contact',
  'First contact (ISO 8601)',
  'Follow-up',
  'Follow-up (ISO 8601)',
  'Last note',
  'Landing page',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Ad click',
  'Name',
  'E-mail',
  'Phone',
  'Address line 1',
  'Address line 2',
  'City',
  'State',
  'ZIP code',
]
