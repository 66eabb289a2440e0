/** Joins the truthy class names: `cx('button', busy && 'is-busy')`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
