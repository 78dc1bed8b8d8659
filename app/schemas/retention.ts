// Without zod: the privacy page's text imports this, and that text is in the browser's bundle.

/**
 * How long contact enquiries are kept unless ENQUIRY_RETENTION_DAYS says otherwise: the
 * housekeeping task deletes older ones, and the privacy page states the period in force.
 */
export const DEFAULT_ENQUIRY_RETENTION_DAYS = 365;

/**
 * Volunteer, internship and advisory-board applications are deleted this long after their last
 * status change, unless the person is an active volunteer (housekeeping; the privacy page and the
 * application form's consent state it).
 */
export const VOLUNTEER_RETENTION_DAYS = 365;
