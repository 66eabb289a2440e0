import { useId } from 'react';
import { SelectField } from '../kit/choice-fields';

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
export function FilterDate({
  label,
  name,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  min?: string;
  max?: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="field admin-filter">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="field-input"
          type="date"
          name={name}
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
