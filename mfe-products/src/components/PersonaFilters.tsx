import { ageBands, genderOptions, occupationCategories } from '@chorus/contracts';
import { type PersonaFilters as Filters } from '../persona-pages';
import { Input, Label } from '@chorus/platform/ui';
import { Search } from 'lucide-react';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30';

function FilterSelect<T extends string>({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly T[];
  value: T | 'all';
  onChange: (value: T | 'all') => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value as T | 'all')}
      >
        <option value="all">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

export type PersonaFilterValues = Required<Filters>;

export const noPersonaFilters: PersonaFilterValues = {
  search: '',
  category: 'all',
  ageBand: 'all',
  gender: 'all',
};

/** Free text over name, occupation and location; occupation category, age band and gender. */
export function PersonaFilters({
  value,
  onChange,
}: {
  value: PersonaFilterValues;
  onChange: (value: PersonaFilterValues) => void;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] md:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="persona-search" className="text-xs text-muted-foreground">
          Search
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="persona-search"
            type="search"
            className="pl-9"
            placeholder="Search by name, occupation or location"
            value={value.search}
            onChange={(event) => onChange({ ...value, search: event.target.value })}
          />
        </div>
      </div>
      <FilterSelect
        id="persona-category"
        label="Occupation"
        allLabel="All Occupations"
        options={occupationCategories}
        value={value.category}
        onChange={(category) => onChange({ ...value, category })}
      />
      <FilterSelect
        id="persona-age"
        label="Age"
        allLabel="All Ages"
        options={ageBands}
        value={value.ageBand}
        onChange={(ageBand) => onChange({ ...value, ageBand })}
      />
      <FilterSelect
        id="persona-gender"
        label="Gender"
        allLabel="All Genders"
        options={genderOptions}
        value={value.gender}
        onChange={(gender) => onChange({ ...value, gender })}
      />
    </div>
  );
}
