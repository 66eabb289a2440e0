import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { AppLink } from '../kit/link';
import { useValueSetBeforeApp } from '../kit/use-value-set-before-app';
import './directory.css';

/**
 * The tabs (venues | profiles) and the filter bar of a place page. Filters are native selects (keyboard, screen
 * readers and phones handle them well); each change applies at once, so there is no "apply" step to miss.
 */

export interface ListingTab {
  key: string;
  label: string;
  href: string;
  current: boolean;
}

export function ListingTabs({ label, tabs }: { label: string; tabs: ListingTab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="listing-tabs">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <AppLink className="listing-tab" href={tab.href} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterField {
  key: string;
  label: string;
  /** '' is "any". */
  value: string;
  options: FilterOption[];
  /** The field has no "any" choice (sort). */
  required?: boolean;
}

export interface ListingFiltersProps {
  fields: FilterField[];
  onChange(key: string, value: string): void;
  /** Clears every filter; shown while one is set. */
  onReset?(): void;
  className?: string;
}

function FilterSelect({ field, onChange }: { field: FilterField; onChange(value: string): void }) {
  const { t } = useLingui();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A pick made on the server-rendered page before the app had it applies once the app has it.
  useValueSetBeforeApp(select, field.value, onChange);
  return (
    <div className="listing-filter">
      <label htmlFor={id}>{field.label}</label>
      <select ref={select} id={id} value={field.value} onChange={(event) => onChange(event.target.value)}>
        {field.required ? null : <option value="">{t({ message: 'Any', context: 'filter value' })}</option>}
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ListingFilters({ fields, onChange, onReset, className }: ListingFiltersProps) {
  const { t } = useLingui();
  const active = fields.some((field) => !field.required && field.value !== '');
  return (
    <fieldset className={cx('listing-filters', className)}>
      <legend className="visually-hidden">{t`Filters`}</legend>
      {fields.map((field) => (
        <FilterSelect key={field.key} field={field} onChange={(value) => onChange(field.key, value)} />
      ))}
      {active && onReset ? (
        <Button variant="link" onClick={onReset}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </fieldset>
  );
}
