/** On the list a visitor comes back to after signing in to save it: save it then, as they asked. */
export const SAVE_AFTER_SIGN_IN = 'saveSearch';
