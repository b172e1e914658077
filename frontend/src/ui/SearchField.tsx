import type { InputHTMLAttributes, Ref } from 'react';
import { IconSearch } from './icons';
import './search-field.css';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The accessible name; the placeholder is only a hint. */
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/** A search box with a leading icon, named by `label` (visually hidden: the icon and the placeholder say what it is). */
export function SearchField({ label, className, ...rest }: SearchFieldProps) {
  return (
    <div className={['search-field', className].filter(Boolean).join(' ')}>
      <IconSearch size={16} className="search-field__icon" />
      <input {...rest} type="search" aria-label={label} className="field__input search-field__input" />
    </div>
  );
}
