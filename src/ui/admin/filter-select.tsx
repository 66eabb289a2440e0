import { SelectField } from '../kit/choice-fields';
import { TextField } from '../kit/text-field';

/**
 * The console's filter controls. Every option of a filter is a real choice, "all" included (issue 31: the old
 * selects began with a placeholder labelled like an option, which sent an empty value): there is no placeholder.
 */
export function FilterSelect(props: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return <SelectField {...props} className="admin-filter" />;
}

/** A date of a range filter ('YYYY-MM-DD' or ''), bounded by the other end of the range. */
export function FilterDate(props: { label: string; name: string; value: string; min?: string; max?: string; onChange(value: string): void }) {
  return <TextField {...props} type="date" className="admin-filter" />;
}
