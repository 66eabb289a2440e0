// zod/mini: route configs are in the initial bundle; the full zod loads with the app system.
import * as z from 'zod/mini';

/**
 * `?dialog=report` opens the report dialog of a detail page (and `?dialog=feedback` the feedback dialog of the
 * member page). A dialog in the URL survives the login in between: a guest's tap saves a navigation to that URL
 * as the session's pending action, and after login the page opens with the dialog up.
 */
export const reportDialogSearch = z.object({ dialog: z.catch(z.optional(z.enum(['report'])), undefined) });
export const feedbackDialogSearch = z.object({ dialog: z.catch(z.optional(z.enum(['feedback'])), undefined) });
