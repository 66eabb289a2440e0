import { oneOfParam, searchParams } from '../-app/search-params';

/**
 * `?dialog=report` opens the report dialog of a detail page (and `?dialog=feedback` the feedback dialog of the
 * member page). A dialog in the URL survives the login in between: a guest's tap saves a navigation to that URL
 * as the session's pending action, and after login the page opens with the dialog up.
 */
export const reportDialogSearch = searchParams({ dialog: oneOfParam(['report'] as const) });
export const feedbackDialogSearch = searchParams({ dialog: oneOfParam(['feedback'] as const) });
