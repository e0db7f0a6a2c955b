/** On a list, the book whose Book Now or Report sent the visitor to sign in (a module of its own: the server reads it). */
export const RESUME_ID_PARAM = 'resumeId';
